// decisions §23: the institution's logo, address, phone and privacy link at the top of the first page
// of the consent and of the refusal record — only there — and a logo that keeps the file PDF/A-3:
// an opaque 8-bit RGB image, no soft mask. Also through a document worker, which receives the logo as
// a plain Uint8Array.
import { describe, expect, it } from "vitest";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { checkLogo } from "@/lib/branding/check-logo";
import { LOGO_SVG, logoPng } from "@/tests/fixtures/logos";
import type { ConsentDocumentData, DocumentBranding } from "./document-types";
import { renderConsentPdf } from "./render-consent-pdf";
import { renderRefusalPdf } from "./render-refusal-pdf";
import { runDocumentTask } from "./document-task";
import { logoSize } from "./letterhead";
import { pdfImageCount, pdfPages, squash } from "@/tests/fixtures/pdf-text";
import { signaturePng } from "@/tests/fixtures/png";

async function branding(logo: Buffer | null, type = "image/png"): Promise<DocumentBranding> {
  const checked = logo ? await checkLogo(logo, type) : null;
  return {
    logo: checked ? { png: checked.raster, width: checked.width, height: checked.height } : null,
    address: "Bağdat Cad. No: 12/3\nKadıköy / İstanbul",
    phone: "+90 216 555 12 34",
    privacyUrl: "https://sifa.example/kvkk-aydinlatma",
  };
}

function consent(over: Partial<ConsentDocumentData> = {}): ConsentDocumentData {
  return {
    consentId: "ons_261126_brandbrand01", institution: "Özel Şifa Ağız ve Diş Sağlığı Polikliniği", templateTitle: "Diş Çekimi Onam Formu", templateVersion: 2,
    contentSha256: "a".repeat(64), renderedHtml: `<p>${"Metin paragrafı, işlem ve riskleri anlatır. ".repeat(60)}</p>`.repeat(4), patientName: "Ayşe Yılmaz", tcMasked: null,
    phoneMasked: "+90532*****67", approver: { type: "hasta", name: null, relation: null }, physician: "Dt. İlkay Öztürk", procedure: null, animal: null,
    signedAt: "2026-11-26 10:00:00", signerIp: "203.0.113.1", signerUserAgent: "UA", otpPhoneMasked: "+90532*****67", signaturePng: signaturePng(),
    verifyUrl: "https://onam.example/dogrula/ons_261126_brandbrand01", language: "tr", interpreter: null, witness: null, countersignature: null,
    ...over,
  };
}

/** Every image XObject of the file: its colour space, bits and whether it has a soft mask. */
async function images(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"))
    .map((o: PDFRawStream) => ({ dict: o.dict as PDFDict, width: o.dict.get(PDFName.of("Width"))?.toString(), smask: o.dict.has(PDFName.of("SMask")) }));
}

describe("the letterhead", { timeout: 60_000 }, () => {
  it("prints the address, phone and privacy link on the first page only, and the logo as an opaque image", async () => {
    const b = await branding(await logoPng());
    const pdf = await renderConsentPdf(consent({ branding: b }));
    const pages = pdfPages(pdf).map(squash);
    expect(pages.length).toBeGreaterThan(1);
    for (const text of ["Bağdat Cad. No: 12/3", "Kadıköy / İstanbul", "Tel: +90 216 555 12 34", "KVKK Aydınlatma Metni: https://sifa.example/kvkk-aydinlatma"]) {
      expect(pages[0]).toContain(text);
      for (const later of pages.slice(1)) expect(later).not.toContain(text);
    }
    // The signature and the logo; the logo is 8-bit RGB without a soft mask (the signature keeps its own).
    expect(pdfImageCount(pdf)).toBe(2);
    const logo = (await images(pdf)).find((i) => i.width === "240")!;
    expect(logo.smask).toBe(false);
    expect(logo.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceRGB"));
    expect(logo.dict.get(PDFName.of("BitsPerComponent"))?.toString()).toBe("8");
  });

  it("prints the same on a refusal record, from an SVG logo, through a document worker's plain bytes", async () => {
    const b = await branding(Buffer.from(LOGO_SVG), "image/svg+xml");
    const { signedAt: _s, signerIp: _i, signerUserAgent: _u, otpPhoneMasked: _o, signaturePng: _p, interpreter: _t, witness: _w, countersignature: _c, ...shown } = consent();
    const data = {
      ...shown,
      branding: { ...b, logo: { ...b.logo!, png: new Uint8Array(b.logo!.png) as Buffer } },
      refusal: { reason: "Düşünmek istiyor.", witness: "Hatice Demir", recordedBy: "Hemşire Ayşe", recordedAt: "2026-11-26 10:00:00" },
    };
    const pdf = Buffer.from(
      await runDocumentTask({ kind: "refusal", data, options: {}, archive: { title: "t", author: "a", createdAt: new Date("2026-11-26T07:00:00Z") }, signature: null }),
    );
    expect(squash(pdfPages(pdf)[0]!)).toContain("Tel: +90 216 555 12 34");
    expect(pdfImageCount(pdf)).toBe(1);
    expect((await images(pdf)).every((i) => !i.smask)).toBe(true);
    expect(squash(pdfPages(await renderRefusalPdf({ ...data, branding: b }))[0]!)).toContain("Bağdat Cad. No: 12/3");
  });

  it("prints nothing of it when the institution set none, and the details alone without a logo", async () => {
    const plain = await renderConsentPdf(consent());
    expect(squash(pdfPages(plain)[0]!)).not.toContain("Tel:");
    expect(pdfImageCount(plain)).toBe(1);
    const noLogo = await renderConsentPdf(consent({ branding: await branding(null) }));
    expect(squash(pdfPages(noLogo)[0]!)).toContain("Tel: +90 216 555 12 34");
    expect(pdfImageCount(noLogo)).toBe(1);
  });

  it("fits any logo in a 170 × 48 pt box, keeping its shape", () => {
    expect(logoSize({ width: 720, height: 240 })).toEqual({ width: 144, height: 48 });
    expect(logoSize({ width: 720, height: 72 })).toEqual({ width: 170, height: 17 });
    expect(logoSize({ width: 100, height: 100 })).toEqual({ width: 48, height: 48 });
  });
});
