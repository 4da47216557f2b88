// The signatures a PDF reader shows (ISO 32000-1 §12.7.4.5, §12.8): the signature fields of the
// newest revision's form, each /V a signature dictionary whose /ByteRange leaves out exactly its own
// /Contents and ends where a revision ends. A range that frames anything else — another /Contents,
// part of a revision — is the start of a signature-wrapping attack, and is refused here.
import type { PdfFile, Revision } from "@/lib/verifier/pdf/pdf-file";
import { PdfDict, PdfName, PdfRef, PdfString, PdfSyntaxError, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

export interface PdfSignatureField {
  /** the field's name (/T, with its parents'), as a reader lists it */
  name: string;
  fieldRef: PdfRef | null;
  /** the signature dictionary's object, when indirect */
  ref: PdfRef | null;
  dict: PdfDict;
  /** /Type: Sig for a signature, DocTimeStamp for a document time-stamp */
  type: string;
  subFilter: string;
  range: [number, number, number, number];
  /** the CMS (or time-stamp token) without the zero padding of the reserved space */
  cms: Buffer;
  /** the bytes the range covers */
  covered: Buffer;
  /** the revision whose last byte the range ends at */
  revision: Revision;
  /** the claimed signing time (/M), which only a time-stamp proves */
  claimedTime: string | null;
}

const MAX_FIELDS = 10_000;
const MAX_DEPTH = 16;

const nameOf = (v: PdfValue | undefined) => (v instanceof PdfName ? v.name : undefined);

/** Every field of the form (terminal ones with their inherited /FT), depth and count bounded. */
function fields(file: PdfFile, rev: number, form: PdfDict): { name: string; ref: PdfRef | null; dict: PdfDict; ft: string | undefined }[] {
  const out: { name: string; ref: PdfRef | null; dict: PdfDict; ft: string | undefined }[] = [];
  const seen = new Set<number>();
  const walk = (items: PdfValue[], parentName: string, parentFt: string | undefined, depth: number) => {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError("form fields nested too deeply");
    for (const item of items) {
      if (out.length >= MAX_FIELDS) throw new PdfSyntaxError("too many form fields");
      if (item instanceof PdfRef) {
        if (seen.has(item.num)) continue;
        seen.add(item.num);
      }
      const dict = file.dict(rev, item);
      if (!dict) continue;
      const t = dict.get("T");
      const name = [parentName, t instanceof PdfString ? t.text() : ""].filter(Boolean).join(".");
      const ft = nameOf(dict.get("FT")) ?? parentFt;
      const kids = file.array(rev, dict.get("Kids"));
      if (kids && kids.length > 0 && kids.some((k) => file.dict(rev, k)?.get("T") !== undefined)) walk(kids, name, ft, depth + 1);
      else out.push({ name, ref: item instanceof PdfRef ? item : null, dict, ft });
    }
  };
  walk(file.array(rev, form.get("Fields")) ?? [], "", undefined, 0);
  return out;
}

/** The CMS's own DER length, from its header: the reserved /Contents is zero-padded after it. */
function derPrefix(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x30 || bytes.length < 2) throw new PdfSyntaxError("a signature's /Contents is not a DER SEQUENCE");
  const first = bytes[1]!;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4) throw new PdfSyntaxError("a signature's /Contents has an unsupported DER length");
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + (bytes[2 + i] ?? 0);
    header = 2 + n;
  }
  const end = header + length;
  if (end > bytes.length) throw new PdfSyntaxError("a signature's /Contents is shorter than its CMS says");
  if (bytes.subarray(end).some((b) => b !== 0)) throw new PdfSyntaxError("a signature's /Contents holds bytes after its CMS");
  return bytes.subarray(0, end);
}

export function signatureFields(file: PdfFile): PdfSignatureField[] {
  const last = file.revisions.length - 1;
  const catalog = file.dict(last, file.revisions[last]!.trailer.get("Root"));
  if (!catalog) throw new PdfSyntaxError("the trailer names no catalog");
  const form = file.dict(last, catalog.get("AcroForm"));
  if (!form) return [];
  const out: PdfSignatureField[] = [];
  for (const f of fields(file, last, form)) {
    if (f.ft !== "Sig") continue;
    const v = f.dict.get("V");
    const dict = file.dict(last, v);
    if (!dict) continue; // an empty signature field: nothing signed
    const br = dict.get("ByteRange");
    const contents = dict.get("Contents");
    const range = Array.isArray(br) && br.length === 4 && br.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0) ? (br as [number, number, number, number]) : null;
    if (!range || !(contents instanceof PdfString)) throw new PdfSyntaxError(`the signature "${f.name}" has no valid /ByteRange or /Contents`);
    const [a, b, c, d] = range;
    if (a !== 0 || b !== contents.start || c !== contents.end || c + d > file.buf.length) {
      throw new PdfSyntaxError(`the /ByteRange of signature "${f.name}" does not leave out exactly its own /Contents`);
    }
    const revision = file.revisionEndingAt(c + d);
    if (!revision) throw new PdfSyntaxError(`the /ByteRange of signature "${f.name}" does not end where a revision ends`);
    const m = dict.get("M");
    out.push({
      name: f.name,
      fieldRef: f.ref,
      ref: v instanceof PdfRef ? v : null,
      dict,
      type: nameOf(dict.get("Type")) ?? "Sig",
      subFilter: nameOf(dict.get("SubFilter")) ?? "",
      range,
      cms: derPrefix(contents.bytes),
      covered: Buffer.concat([file.buf.subarray(a, a + b), file.buf.subarray(c, c + d)]),
      revision,
      claimedTime: m instanceof PdfString ? m.text() : null,
    });
  }
  const ends = new Set(out.map((s) => s.revision.index));
  if (ends.size !== out.length) throw new PdfSyntaxError("two signatures close the same revision");
  return out.sort((x, y) => x.revision.index - y.revision.index);
}
