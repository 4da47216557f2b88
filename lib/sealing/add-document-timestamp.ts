// The document time-stamp (ISO 32000-2 §12.8.5, ETSI EN 319 142-1 B-LTA; decisions §20): a revision
// with an invisible signature field whose value is a /DocTimeStamp dictionary (/SubFilter
// /ETSI.RFC3161), and an RFC 3161 token over everything but its own /Contents, filled in by the same
// byte-range code as the seal (@signpdf). It covers the seal, its signature-time-stamp and the DSS
// revision before it, so the validation data has a proof of existence of its own.
import { createHash } from "node:crypto";
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, type PDFDocument } from "pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, Signer } from "@signpdf/utils";
import { tokenBytes } from "@/lib/timestamping/tsa-asn1";
import { SIGNATURE_BYTES } from "@/lib/sealing/archive-pdf";
import type { SignatureTimestamper } from "@/lib/sealing/cades-signature";
import { appendRevision, holderOf } from "@/lib/sealing/incremental-update";

export const SUBFILTER_ETSI_RFC3161 = "ETSI.RFC3161";
/** ISO 32000 annotation flag Print: PDF/A wants every annotation printable. */
const PRINT = 4;

class NoToken extends Error {}

class TimestampSigner extends Signer {
  constructor(private readonly timestamp: SignatureTimestamper) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    const response = await this.timestamp(createHash("sha256").update(content).digest("hex"));
    const token = response ? tokenBytes(response) : null;
    if (!token) throw new NoToken();
    return Buffer.from(token);
  }
}

/** Adds the field, its widget on the first page and the placeholder dictionary; returns what changed. */
function placeholder(doc: PDFDocument): PDFRef[] {
  const { context } = doc;
  const page = doc.getPages()[0];
  const root = context.trailerInfo.Root;
  if (!page || !(root instanceof PDFRef)) throw new Error("the PDF has no page or no indirect catalog");
  const placeholderName = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const sig = context.register(
    context.obj({
      Type: "DocTimeStamp",
      Filter: "Adobe.PPKLite",
      SubFilter: SUBFILTER_ETSI_RFC3161,
      // @signpdf finds this placeholder, then the /Contents after it.
      ByteRange: [PDFNumber.of(0), placeholderName, placeholderName, placeholderName],
      Contents: PDFHexString.of("0".repeat(SIGNATURE_BYTES * 2)),
    }),
  );
  const appearance = context.register(context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} }));
  const widget = context.register(
    context.obj({ Type: "Annot", Subtype: "Widget", FT: "Sig", Rect: [0, 0, 0, 0], V: sig, T: PDFHexString.fromText("DocTimeStamp1"), F: PRINT, P: page.ref, AP: { N: appearance } }),
  );
  const changed = [sig, appearance, widget];

  // The widget joins the first page's annotations, the field the form's fields (SigFlags 3:
  // signatures exist, append only). Whichever object holds each array is rewritten.
  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (annots) annots.push(widget);
  else page.node.set(PDFName.of("Annots"), context.obj([widget]));
  changed.push(holderOf(page.node, page.ref, "Annots"));
  let form = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!form) {
    form = context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of("AcroForm"), context.register(form));
    changed.push(root);
  }
  const formHolder = holderOf(doc.catalog, root, "AcroForm");
  form.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  const fields = form.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (fields) fields.push(widget);
  else form.set(PDFName.of("Fields"), context.obj([widget]));
  changed.push(formHolder, holderOf(form, formHolder, "Fields"));
  return changed;
}

/**
 * `pdf` (loaded as `doc`) with a document time-stamp, or null when no token could be had (the TSA did
 * not answer): the caller keeps `pdf` as it was.
 */
export async function addDocumentTimestamp(pdf: Buffer, doc: PDFDocument, timestamp: SignatureTimestamper): Promise<Buffer | null> {
  const revised = appendRevision(pdf, doc, placeholder(doc));
  try {
    return await new SignPdf().sign(revised, new TimestampSigner(timestamp));
  } catch (err) {
    if (err instanceof NoToken) return null;
    throw err;
  }
}
