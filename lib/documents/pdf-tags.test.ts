// issue #50, decisions §25: every document the service renders is a tagged PDF — a structure tree of
// headings, paragraphs, tables, lists and figures with their text alternatives, every other mark an
// artifact — and stays PDF/A-3 once archived. Read with poppler's `pdfinfo -struct-text`, as users do.
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { archivePdf } from "./archive-pdf";
import type { ConsentDocumentData, WithdrawalReceiptData } from "./document-types";
import { renderConsentPdf } from "./render-consent-pdf";
import { renderEvidencePdf } from "./render-evidence-pdf";
import { renderRefusalPdf } from "./render-refusal-pdf";
import { renderWithdrawalReceiptPdf } from "./render-withdrawal-receipt-pdf";
import { sampleConsent, sampleEvidence, sampleRefusal } from "@/tests/fixtures/language-samples";
import { signaturePng } from "@/tests/fixtures/png";
import { flatten, pdfInfo, structText, structTree, unmarkedPainting, type StructNode } from "@/tests/fixtures/pdf-structure";

const control = { code: "ONM-DIS-012", publishedAt: "2026-11-01 09:00:00", revision: 2 };
const sealing = { seal: null, timestampedBy: "Yerel zaman damgası (test)", test: true };
const branding = { logo: { png: signaturePng(120, 40), width: 120, height: 40 }, address: "Bağdat Cad. 12, İstanbul", phone: "+90 216 555 12 34", privacyUrl: "https://sifa.example/kvkk" };

function plainConsent(): ConsentDocumentData {
  return { ...sampleConsent("tr"), interpreter: null, witness: null, countersignature: null, documentControl: control, sealing, branding };
}

function everyParty(): ConsentDocumentData {
  return { ...sampleConsent("en"), approver: { type: "veli", name: "Gülşen Iğdır", relation: "Annesi" }, documentControl: control };
}

const withdrawal: WithdrawalReceiptData = {
  consentId: "ons_261122_k3v9x2m8q7p4",
  institution: "Özel Çağlayan Şifa Hastanesi",
  templateTitle: "Diş Çekimi Aydınlatılmış Onam Formu",
  templateCode: "DIS_CEKIMI",
  templateVersion: 4,
  patientName: "Şükrü Çağlar Iğdır",
  approver: null,
  signedAt: "2026-11-22 14:03:09",
  withdrawnAt: "2026-11-24 09:30:00",
  withdrawnBy: "Dt. İlkay Öztürk",
  reason: "Hasta işlemden vazgeçti.",
  documentSha256: "9b2e7c1d4f6a8b0c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4",
  verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
  sealing,
};

/**
 * The elements of `pdfinfo -struct-text`, in order, each with the text under it (its quoted lines and
 * its descendants', joined): poppler indents an element's lines and children two spaces under it.
 */
function elements(tree: string): { type: string; text: string }[] {
  const out: { type: string; text: string; indent: number }[] = [];
  const open: { indent: number; entries: typeof out }[] = [];
  for (const line of tree.split("\n")) {
    const indent = line.length - line.trimStart().length;
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    const quoted = /^\s*"(.*)"$/.exec(line);
    if (quoted) {
      for (const o of open) o.entries.forEach((e) => (e.text += quoted[1]));
      continue;
    }
    const el = /^\s*([A-Za-z0-9]+)(?: \(\w+\))?:?$/.exec(line);
    if (!el) continue;
    const entry = { type: el[1]!, text: "", indent };
    out.push(entry);
    open.push({ indent, entries: [entry] });
  }
  return out;
}

const texts = (tree: string, type: string): string[] => elements(tree).filter((e) => e.type === type).map((e) => e.text);
const figures = (nodes: StructNode[]): StructNode[] => flatten(nodes).filter((n) => n.type === "Figure");

interface Rendered {
  pdf: Buffer;
  tree: string;
  nodes: StructNode[];
}

async function read(pdf: Buffer): Promise<Rendered> {
  return { pdf, tree: structText(pdf), nodes: await structTree(pdf) };
}

/** What every tagged document holds: marked as tagged, one Document root, nothing painted outside the tree and the artifacts. */
async function expectTagged({ pdf, tree, nodes }: Rendered): Promise<void> {
  expect(pdfInfo(pdf)).toMatch(/^Tagged:\s+yes$/m);
  expect(tree.split("\n")[0]).toBe("Document");
  expect(nodes.map((n) => n.type)).toEqual(["Document"]);
  expect(await unmarkedPainting(pdf)).toEqual((await PDFDocument.load(pdf)).getPages().map(() => 0));
  for (const f of figures(nodes)) expect(f.alt?.trim()).toBeTruthy();
}

describe("tagged documents (PDF/UA-1 structure)", { timeout: 60_000 }, () => {
  const docs: Record<string, Rendered> = {};
  beforeAll(async () => {
    docs.plain = await read(await renderConsentPdf(plainConsent()));
    docs.parties = await read(await renderConsentPdf(everyParty()));
    docs.arabic = await read(await renderConsentPdf({ ...sampleConsent("ar"), turkishText: { title: "Diş Çekimi Aydınlatılmış Onam Formu", html: "<p>Türkçe metin.</p>" } }));
    docs.refusal = await read(
      await renderRefusalPdf({ ...sampleRefusal("tr"), refusal: { ...sampleRefusal("tr").refusal, physician: "Dt. İlkay Öztürk", witnessSignaturePng: signaturePng() }, sealing }),
    );
    docs.withdrawal = await read(await renderWithdrawalReceiptPdf(withdrawal));
    docs.evidence = await read(await renderEvidencePdf({ ...sampleEvidence("tr"), sealing }));
  });

  it("tags the plain consent: its title, sections, the text's heading and list, the person's table, the signature, the QR code", async () => {
    const d = docs.plain!;
    await expectTagged(d);
    expect(texts(d.tree, "H1")).toEqual(["Diş Çekimi Aydınlatılmış Onam Formu"]);
    expect(texts(d.tree, "H2")).toEqual(expect.arrayContaining(["Bu belge nedir", "Kişi ve işlem bilgileri", "Onam metni", "Onay ve imza"]));
    // The text's own <h2> sits under the section's H2.
    expect(texts(d.tree, "H3")).toEqual(expect.arrayContaining(["Diş Çekimi", "Hasta (kendisi)", "Bilgilendirmeyi yapan hekim"]));
    expect(texts(d.tree, "TH")).toEqual(expect.arrayContaining(["Ad soyad", "T.C. kimlik no", "İşlem"]));
    expect(texts(d.tree, "TD")).toEqual(expect.arrayContaining(["Şükrü Çağlar Iğdır", "Gömülü 20 numaralı dişin çekimi"]));
    expect(texts(d.tree, "LBody")).toEqual(["İşlemden önce 2 saat aç kalınız.", "Ağrı kesici olarak %0,5’lik gargara kullanılabilir."]);
    expect(texts(d.tree, "Lbl")).toEqual(["•", "•"]);
    expect(texts(d.tree, "P")).toContain("ĞÜŞÖÇİ ğüşıöç — riskler <%1 oranındadır.");
    expect(texts(d.tree, "Link")).toContain("https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4");
    expect(figures(d.nodes).map((f) => f.alt)).toEqual([
      "Kurum logosu",
      "Hasta (kendisi) Şükrü Çağlar Iğdır imzası (ekrana çizilmiş)",
      "QR kod: https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    ]);
    // Running header, document control, TEST banner and footer are artifacts, not paragraphs.
    expect(d.tree).not.toContain("TEST — yasal geçerliliği yoktur");
    expect(d.tree).not.toContain("Doküman kodu");
    expect(d.tree).not.toMatch(/Sayfa \d/);
  });

  it("tags every party's signature block: person (parent), interpreter, witness and physician, each a heading and a described figure", async () => {
    const d = docs.parties!;
    await expectTagged(d);
    // Each role in Turkish, then in the consent's language, on a line of its own.
    expect(texts(d.tree, "H3")).toEqual(["Tooth extraction", "VeliParent", "TercümanInterpreter", "TanıkWitness", "Bilgilendirmeyi yapan hekimPhysician who informed the person"]);
    expect(figures(d.nodes).map((f) => f.alt)).toEqual([
      "Veli / Parent Gülşen Iğdır (Annesi) imzası (ekrana çizilmiş)",
      "Tercüman / Interpreter Ayşe Yıldırım imzası (ekrana çizilmiş)",
      "Tanık / Witness Hemşire Gülizar Ağaoğlu imzası (ekrana çizilmiş)",
      "Bilgilendirmeyi yapan hekim / Physician who informed the person Dt. İlkay Öztürk imzası (ekrana çizilmiş)",
      "QR kod: https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    ]);
    expect(d.tree).toContain("Table");
    // The document is in English; its Turkish parts say they are Turkish: the statement box, the
    // Turkish half of each role heading.
    const nodes = flatten(d.nodes);
    expect(nodes.find((n) => n.type === "Div" && n.children[0]?.type === "H2")?.lang).toBe("tr-TR");
    const roles = nodes.filter((n) => n.type === "H3" && n.children.some((c) => c.type === "Span"));
    expect(roles.map((h) => h.children.find((c) => c.type === "Span")?.lang)).toEqual(["tr-TR", "tr-TR", "tr-TR", "tr-TR"]);
  });

  it("tags the Arabic consent with its Arabic text in the tree and the document's language", async () => {
    const d = docs.arabic!;
    await expectTagged(d);
    const doc = await PDFDocument.load(d.pdf);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("ar");
    expect(texts(d.tree, "H1")).toHaveLength(1);
    expect(elements(d.tree).some((e) => /[\u0600-\u06ff]/.test(e.text))).toBe(true);
    // The Turkish annex: its own section and title.
    expect(texts(d.tree, "H3")).toContain("Diş Çekimi Aydınlatılmış Onam Formu");
    expect(texts(d.tree, "P")).toContain("Türkçe metin.");
  });

  it("tags the refusal record: its kind as the title, the witness's signature as a described figure", async () => {
    const d = docs.refusal!;
    await expectTagged(d);
    expect(texts(d.tree, "H1")).toEqual(["Ret Tutanağı"]);
    expect(figures(d.nodes).map((f) => f.alt)).toEqual([
      "Tanık Hemşire Gülizar Ağaoğlu imzası (ekrana çizilmiş)",
      "QR kod: https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    ]);
    expect(texts(d.tree, "TH")).toContain("Ad soyad");
  });

  it("tags the withdrawal receipt: its title, its facts as a table of row headers, the QR code", async () => {
    const d = docs.withdrawal!;
    await expectTagged(d);
    expect(texts(d.tree, "H1")).toEqual(["Geri Çekme Tutanağı"]);
    expect(texts(d.tree, "TH")).toEqual(expect.arrayContaining(["Kurum", "Onam no", "Geri alma tarihi", "Asıl belgenin SHA-256 özeti"]));
    expect(texts(d.tree, "TD")).toContain("Hasta işlemden vazgeçti.");
    expect(figures(d.nodes).map((f) => f.alt)).toEqual(["QR kod: https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4"]);
  });

  it("tags the evidence report: its sections, and the events as a table with column headers, row by row", async () => {
    const d = docs.evidence!;
    await expectTagged(d);
    expect(texts(d.tree, "H1")).toEqual(["Kanıt Raporu"]);
    expect(texts(d.tree, "H2")).toEqual(["Onam", "Zaman damgası", "Olay kayıtları (7)", "Kendiniz nasıl doğrularsınız?"]);
    expect(texts(d.tree, "TH")).toEqual(expect.arrayContaining(["#", "Olay", "Zaman", "IP adresi", "Yapan"]));
    expect(d.tree).toContain("/Scope /Column");
    // One row per record, plus the header row, in the events' table (the report's field grid has its own).
    const table = flatten(d.nodes).filter((n) => n.type === "Table").find((t) => t.children.some((r) => r.children.some((c) => c.type === "TH" && t.children.length > 5)));
    expect(table?.children.filter((r) => r.type === "TR")).toHaveLength(8);
  });

  it("keeps one element for a paragraph and for a table split over pages", async () => {
    const sentences = Array.from({ length: 120 }, (_, i) => `Cümle ${i + 1} uzun paragrafın parçasıdır.`).join(" ");
    const rows = Array.from({ length: 60 }, (_, i) => `<tr><td>Risk ${i + 1}</td><td>%${i}</td></tr>`).join("");
    const pdf = await renderConsentPdf({ ...plainConsent(), renderedHtml: `<p>${sentences}</p><table><tr><th>Risk</th><th>Oran</th></tr>${rows}</table>` });
    expect(Number(/^Pages:\s+(\d+)/m.exec(pdfInfo(pdf))?.[1])).toBeGreaterThanOrEqual(4);
    const tree = structText(pdf);
    expect(texts(tree, "P").filter((t) => t.includes("Cümle"))).toEqual([sentences]);
    const tables = flatten(await structTree(pdf)).filter((n) => n.type === "Table" && n.children.length > 40);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.children.map((r) => r.type)).toEqual(Array(61).fill("TR"));
    expect((await unmarkedPainting(pdf)).every((n) => n === 0)).toBe(true);
  });

  it("keeps the tags and the language through archiving, beside the PDF/A-3 identification", async () => {
    const archived = Buffer.from(await archivePdf(docs.plain!.pdf, { title: "Onam", author: "Özel Şifa", createdAt: new Date("2026-11-22T11:03:09Z") }, null));
    expect(pdfInfo(archived)).toMatch(/^Tagged:\s+yes$/m);
    expect(structText(archived)).toBe(docs.plain!.tree);
    const doc = await PDFDocument.load(archived);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("tr-TR");
    expect(archived.toString("latin1")).toContain("<pdfaid:part>3</pdfaid:part>");
  });
});
