// archivePdf's output read back with pdf-lib: the PDF/A pieces are where readers look for them, the
// ICC profile is well formed, and the signature dictionary's texts survive Turkish letters and
// parentheses (the placeholder writes them unescaped, byte by byte).
import { describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { signaturePng } from "@/tests/fixtures/png";
import { archivePdf } from "./archive-pdf";
import { srgbIccProfile } from "./srgb-icc";

const text = (v: unknown) => (v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : undefined);

async function rendered(): Promise<Buffer> {
  return renderConsentPdf({
    consentId: "ons_261124_abcdefabcdef", institution: "Özel Şifa (Merkez)", templateTitle: "Onam", templateVersion: 1, contentSha256: "a".repeat(64),
    renderedHtml: "<p>Metin</p>", patientName: "Ali Veli", tcMasked: null, phoneMasked: "+90532*****67", approver: { type: "hasta", name: null, relation: null },
    physician: null, procedure: null, animal: null, signedAt: "2026-11-24 10:00:00", signerIp: "203.0.113.1", signerUserAgent: "UA", otpPhoneMasked: "+90532*****67",
    signaturePng: signaturePng(), verifyUrl: "https://onam.example/dogrula/ons_261124_abcdefabcdef", language: "tr", interpreter: null, witness: null, countersignature: null,
  });
}

describe("archivePdf", () => {
  it("writes PDF/A-3 metadata, the output intent, kanit.json as an associated file, the DSS and a readable signature dictionary", async () => {
    const signer = "Test Klinik A.Ş. (Merkez) e-Mühür";
    const bytes = await archivePdf(
      await rendered(),
      { title: "Aydınlatılmış Onam", author: "Özel Şifa (Merkez)", createdAt: new Date("2026-11-24T07:00:00Z"), attachment: { name: "kanit.json", description: "Kanıt", json: '{"a":1}' } },
      { signerName: signer, reason: "Aydınlatılmış onam belgesi", location: "Türkiye", signingTime: new Date(), certificates: [Buffer.from("cert")], contentsBytes: 8_192 },
    );
    expect(Buffer.from(bytes.subarray(0, 8)).toString("latin1")).toBe("%PDF-1.7");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const catalog = doc.catalog;
    const metadata = catalog.lookup(PDFName.of("Metadata")) as PDFRawStream;
    const xmp = Buffer.from(metadata.contents).toString("utf8");
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(xmp).toContain("<rdf:li>Özel Şifa (Merkez)</rdf:li>");
    expect(xmp).toContain("<xmp:CreateDate>2026-11-24T07:00:00Z</xmp:CreateDate>");
    const intent = catalog.lookup(PDFName.of("OutputIntents"), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of("S"))).toEqual(PDFName.of("GTS_PDFA1"));
    const af = catalog.lookup(PDFName.of("AF"), PDFArray).lookup(0, PDFDict);
    expect(af.get(PDFName.of("AFRelationship"))).toEqual(PDFName.of("Supplement"));
    expect(text(af.get(PDFName.of("UF")))).toBe("kanit.json");
    const dss = catalog.lookup(PDFName.of("DSS"), PDFDict);
    expect(dss.lookup(PDFName.of("Certs"), PDFArray).size()).toBe(1);
    // Revocation data comes after the signature (seal-pdf.ts): the signed revision has none.
    expect(dss.get(PDFName.of("CRLs"))).toBeUndefined();
    expect(doc.getTitle()).toBe("Aydınlatılmış Onam");
    expect(doc.getAuthor()).toBe("Özel Şifa (Merkez)");

    const sig = doc.context.enumerateIndirectObjects().map(([, o]) => o).find((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of("Type")) === PDFName.of("Sig"))!;
    expect(sig.get(PDFName.of("SubFilter"))).toEqual(PDFName.of("ETSI.CAdES.detached"));
    expect(text(sig.get(PDFName.of("Name")))).toBe(signer);
    expect(text(sig.get(PDFName.of("Reason")))).toBe("Aydınlatılmış onam belgesi");
    expect(text(sig.get(PDFName.of("Location")))).toBe("Türkiye");
  });

  it("builds a well-formed ICC v2 sRGB display profile", () => {
    const icc = srgbIccProfile();
    expect(icc.readUInt32BE(0)).toBe(icc.length);
    expect(icc.toString("latin1", 12, 24)).toBe("mntrRGB XYZ ");
    expect(icc.toString("latin1", 36, 40)).toBe("acsp");
    const count = icc.readUInt32BE(128);
    const tags = Array.from({ length: count }, (_, i) => icc.toString("latin1", 132 + i * 12, 136 + i * 12));
    expect(tags.sort()).toEqual(["bTRC", "bXYZ", "cprt", "desc", "gTRC", "gXYZ", "rTRC", "rXYZ", "wtpt"]);
    for (let i = 0; i < count; i++) {
      const offset = icc.readUInt32BE(136 + i * 12);
      const size = icc.readUInt32BE(140 + i * 12);
      expect(offset % 4).toBe(0);
      expect(offset + size).toBeLessThanOrEqual(icc.length);
    }
  });
});
