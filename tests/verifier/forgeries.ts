// Forgeries of a sealed consent, as a court expert would try them (issue #47), each made with
// nothing but the file and public tools: incremental updates that paint over the procedure, add an
// annotation or a form field, swap kanit.json or slip in an object no table lists; a document
// time-stamp whose widget paints over the page; a new seal under the service's names. The verifier's
// tests show each is refused, naming why.
import { generateKeyPairSync } from "node:crypto";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, StandardFonts, rgb, decodePDFRawStream } from "pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, Signer } from "@signpdf/utils";
import { archivePdf } from "@/lib/documents/archive-pdf";
import { appendRevision, lastStartXref, loadForUpdate } from "@/lib/sealing/incremental-update";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import { signatureReserve } from "@/lib/sealing/signature-size";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";
import { tokenBytes } from "@/lib/timestamping/tsa-asn1";
import { attachToForm } from "@/lib/sealing/signature-field";
import type { SignatureTimestamper } from "./pdf-updates";

export const PAINTED = "ISLEM: SOL BOBREK NAKLI";

/** `pdf` with one revision: whatever `change` does to the loaded document, new objects and the `changed` ones it names. */
async function update(pdf: Buffer, change: (doc: PDFDocument) => Promise<PDFRef[]> | PDFRef[]): Promise<Buffer> {
  const doc = await loadForUpdate(pdf);
  const before = doc.context.largestObjectNumber;
  const changed = await change(doc);
  const fresh = doc.context.enumerateIndirectObjects().map(([ref]) => ref).filter((r) => r.objectNumber > before);
  return appendRevision(pdf, doc, [...changed, ...fresh]);
}

/** A white box and new text over the top of page 1, drawn in a new content stream. */
export function paintOver(pdf: Buffer, text = PAINTED): Promise<Buffer> {
  return update(pdf, async (doc) => {
    const page = doc.getPages()[0]!;
    const font = await doc.embedFont(StandardFonts.HelveticaBold);
    const { height } = page.getSize();
    page.drawRectangle({ x: 30, y: height - 260, width: 540, height: 30, color: rgb(1, 1, 1) });
    page.drawText(text, { x: 40, y: height - 250, size: 14, font, color: rgb(0, 0, 0) });
    const resources = page.node.get(PDFName.of("Resources"));
    return [page.ref, ...(resources instanceof PDFRef ? [resources] : [])];
  });
}

/** Page 1's own content stream rewritten in place (same object number) with painting appended. */
export function rewriteContent(pdf: Buffer): Promise<Buffer> {
  return update(pdf, (doc) => {
    const page = doc.getPages()[0]!;
    const contents = page.node.get(PDFName.of("Contents"));
    const ref = contents instanceof PDFArray ? (contents.get(0) as PDFRef) : (contents as PDFRef);
    const old = doc.context.lookup(ref);
    if (!(old instanceof PDFRawStream)) throw new Error("no content stream");
    const painted = Buffer.concat([Buffer.from(decodePDFRawStream(old).decode()), Buffer.from("\nq 1 1 1 rg 30 580 540 30 re f Q\n")]);
    doc.context.assign(ref, doc.context.flateStream(painted));
    return [ref];
  });
}

/** A FreeText annotation on page 1 saying something the signer never saw. */
export function addAnnotation(pdf: Buffer): Promise<Buffer> {
  return update(pdf, (doc) => {
    const page = doc.getPages()[0]!;
    const annot = doc.context.register(
      doc.context.obj({ Type: "Annot", Subtype: "FreeText", Rect: [30, 580, 570, 610], Contents: PDFString.of(PAINTED), DA: PDFString.of("/Helv 14 Tf 0 g"), F: 4 }),
    );
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    if (annots) annots.push(annot);
    else page.node.set(PDFName.of("Annots"), doc.context.obj([annot]));
    const holder = page.node.get(PDFName.of("Annots"));
    return [holder instanceof PDFRef ? holder : page.ref];
  });
}

/** A shadow attack: a text field whose appearance is an opaque box with other words, over the procedure line. */
export function shadowField(pdf: Buffer): Promise<Buffer> {
  return update(pdf, (doc) => {
    const { context } = doc;
    const font = context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica" });
    const appearance = context.register(
      context.stream(`q 1 1 1 rg 0 0 540 30 re f Q BT /Helv 14 Tf 0 g 10 10 Td (${PAINTED}) Tj ET`, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 540, 30], Resources: { Font: { Helv: font } } }),
    );
    const field = context.register(
      context.obj({ Type: "Annot", Subtype: "Widget", FT: "Tx", T: PDFString.of("islem"), V: PDFString.of(PAINTED), Rect: [30, 580, 570, 610], F: 4, P: doc.getPages()[0]!.ref, AP: { N: appearance } }),
    );
    return attachToForm(doc, field);
  });
}

class TokenSigner extends Signer {
  constructor(private readonly timestamp: SignatureTimestamper) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const { createHash } = await import("node:crypto");
    const response = await this.timestamp(createHash("sha256").update(content).digest("hex"));
    return Buffer.from(tokenBytes(response!)!);
  }
}

/**
 * A document time-stamp — a genuine one, by the service's own TSA — whose widget is not invisible but
 * a box over the procedure line with other words in it: allowed objects, forbidden effect.
 */
export async function visibleTimestampWidget(pdf: Buffer, timestamp: SignatureTimestamper): Promise<Buffer> {
  const revised = await update(pdf, (doc) => {
    const { context } = doc;
    const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
    const sig = context.register(
      context.obj({ Type: "DocTimeStamp", Filter: "Adobe.PPKLite", SubFilter: "ETSI.RFC3161", ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder], Contents: PDFHexString.of("0".repeat(16_384)) }),
    );
    const font = context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica" });
    const appearance = context.register(
      context.stream(`q 1 1 1 rg 0 0 540 30 re f Q BT /Helv 14 Tf 0 g 10 10 Td (${PAINTED}) Tj ET`, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 540, 30], Resources: { Font: { Helv: font } } }),
    );
    const widget = context.register(
      context.obj({ Type: "Annot", Subtype: "Widget", FT: "Sig", Rect: [30, 580, 570, 610], V: sig, T: PDFHexString.fromText("DocTimeStamp2"), F: 4, P: doc.getPages()[0]!.ref, AP: { N: appearance } }),
    );
    return attachToForm(doc, widget);
  });
  return new SignPdf().sign(revised, new TokenSigner(timestamp));
}

/** The embedded file's stream, as the newest revision has it. */
function kanitStream(doc: PDFDocument): PDFRef {
  const tree = doc.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict);
  const spec = tree.lookup(PDFName.of("Names"), PDFArray).lookup(1, PDFDict);
  return spec.lookup(PDFName.of("EF"), PDFDict).get(PDFName.of("F")) as PDFRef;
}

export function readKanit(doc: PDFDocument): Record<string, unknown> {
  const stream = doc.context.lookup(kanitStream(doc));
  if (!(stream instanceof PDFRawStream)) throw new Error("kanit.json is not a stream");
  return JSON.parse(Buffer.from(decodePDFRawStream(stream).decode()).toString("utf8")) as Record<string, unknown>;
}

/** kanit.json replaced in a later revision (its stream object redefined), the sealed bytes untouched. */
export function swapKanitLater(pdf: Buffer, json: string): Promise<Buffer> {
  return update(pdf, (doc) => {
    const ref = kanitStream(doc);
    doc.context.assign(ref, doc.context.flateStream(Buffer.from(json), { Type: "EmbeddedFile", Subtype: "application/json" }));
    return [ref];
  });
}

/**
 * A revision appended after the last signature whose cross-reference section lists nothing, with an
 * object in it that redefines page 1's content: readers that repair a file by scanning for objects
 * take it; a verifier reading only the tables would not see it.
 */
export async function unlistedObject(pdf: Buffer): Promise<Buffer> {
  const doc = await loadForUpdate(pdf);
  const ref = doc.getPages()[0]!.node.get(PDFName.of("Contents")) as PDFRef;
  const root = doc.context.trailerInfo.Root as PDFRef;
  const body = "q 1 1 1 rg 30 580 540 30 re f Q";
  const object = `\n${ref.objectNumber} 0 obj\n<< /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n`;
  const xrefAt = pdf.length + Buffer.byteLength(object, "latin1");
  const tail = `xref\ntrailer\n<< /Size ${doc.context.largestObjectNumber + 1} /Root ${root.toString()} /Prev ${lastStartXref(pdf)} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(object + tail, "latin1")]);
}

/** A TSA made with openssl-like ease under the service's own TSA name (the built-in authority's names). */
export function selfMadeTimestamper(): SignatureTimestamper {
  const authority = createLocalAuthority(createAuthorityMaterial());
  return async (hex) => authority.issue(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce()));
}

/**
 * A new PDF sealed with a self-made certificate carrying the service's seal name (and its own TSA
 * under the service's TSA name), from the genuine one's pages, with kanit.json as `kanit` gives it.
 */
export async function resealed(pdf: Buffer, sealName: string, kanit: (k: Record<string, unknown>) => Record<string, unknown> = (k) => k): Promise<Buffer> {
  const doc = await PDFDocument.load(new Uint8Array(pdf), { updateMetadata: false });
  const json = JSON.stringify(kanit(readKanit(doc)), null, 2);
  for (const key of ["AcroForm", "DSS", "Names", "AF"]) doc.catalog.delete(PDFName.of(key));
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    if (!annots) continue;
    const kept = annots.asArray().filter((a) => doc.context.lookupMaybe(a, PDFDict)?.get(PDFName.of("FT")) === undefined);
    page.node.set(PDFName.of("Annots"), doc.context.obj(kept));
  }
  const stripped = await doc.save({ useObjectStreams: false });
  const material = createAuthorityMaterial();
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const at = Date.now();
  const cert = createCertificate({ commonName: sealName, publicKey: keys.publicKey, issuerCertDer: material.rootCertDer, signingKey: material.rootKey, notBefore: new Date(at - 3_600_000), notAfter: new Date(at + 86_400_000), ca: false, keyUsage: [0, 1] });
  const seal = { key: keys.privateKey, chain: [cert, material.rootCertDer] };
  const authority = createLocalAuthority(material);
  const stamp: SignatureTimestamper = async (hex) => authority.issue(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce()));
  const prepared = await archivePdf(
    stripped,
    { title: "Onam", author: "Acme", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json } },
    { signerName: sealName, reason: "Onam", location: "Türkiye", signingTime: new Date(), certificates: [...seal.chain, material.signerCertDer], contentsBytes: signatureReserve(seal.chain) },
  );
  return (await sealPdf(prepared, seal, { timestamp: stamp, tsaCertificates: [material.signerCertDer, material.rootCertDer] })).pdf;
}
