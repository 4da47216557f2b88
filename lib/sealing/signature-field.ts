// An invisible signature field added in an incremental update (ISO 32000-1 §12.7.4.5, §12.8): its
// value (a /Sig or /DocTimeStamp dictionary holding the byte-range placeholder @signpdf fills), a
// zero-size widget on the first page and the form's entry. Shared by the document time-stamp and the
// seal that follows a physician's qualified signature (decisions §20, §24).
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, type PDFDocument } from "pdf-lib";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER } from "@signpdf/utils";
import { holderOf } from "@/lib/sealing/incremental-update";

/** ISO 32000 annotation flag Print: PDF/A wants every annotation printable. */
const PRINT = 4;

/** The byte-range placeholder and an empty /Contents of `contentsBytes` bytes, as @signpdf expects them. */
export function placeholderEntries(contentsBytes: number) {
  const placeholderName = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  return {
    // @signpdf finds this placeholder, then the /Contents after it.
    ByteRange: [PDFNumber.of(0), placeholderName, placeholderName, placeholderName],
    Contents: PDFHexString.of("0".repeat(contentsBytes * 2)),
  };
}

/**
 * Adds a field named `name` whose value is `value` (registered here), its widget on the first page and
 * the form's entry to `doc`; returns every object that changed or is new, for appendRevision.
 */
export function addSignatureField(doc: PDFDocument, value: PDFDict, name: string): PDFRef[] {
  const { context } = doc;
  const page = doc.getPages()[0];
  if (!page) throw new Error("the PDF has no page");
  const sig = context.register(value);
  const appearance = context.register(context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} }));
  const widget = context.register(
    context.obj({ Type: "Annot", Subtype: "Widget", FT: "Sig", Rect: [0, 0, 0, 0], V: sig, T: PDFHexString.fromText(name), F: PRINT, P: page.ref, AP: { N: appearance } }),
  );
  return [sig, appearance, widget, ...attachToForm(doc, widget)];
}

/**
 * The widget joins the first page's annotations, the field the form's fields (SigFlags 3: signatures
 * exist, append only). Whichever object holds each array is rewritten; returns the objects that changed.
 */
export function attachToForm(doc: PDFDocument, widget: PDFRef): PDFRef[] {
  const { context } = doc;
  const page = doc.getPages()[0];
  const root = context.trailerInfo.Root;
  if (!page || !(root instanceof PDFRef)) throw new Error("the PDF has no page or no indirect catalog");
  const changed: PDFRef[] = [];
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
