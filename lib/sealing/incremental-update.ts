// An incremental update (ISO 32000-1 §7.5.6): the objects that changed or are new, written after the
// file's last byte with an xref section of their own and a trailer pointing back (/Prev) at the
// previous one. The bytes before stay as they were, so every signature over them still holds: how a
// signed PDF gets its validation data and document time-stamp (decisions §20). PDF/A-3 allows it.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, ParseSpeeds, type PDFObject } from "pdf-lib";

/** The offset of the file's last xref section, from its final `startxref … %%EOF`. */
export function lastStartXref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString("latin1");
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error("the PDF does not end with startxref and %%EOF");
  return Number(m[1]);
}

/** The signed file read for updating: pdf-lib's objects, changed in memory, written by appendRevision. */
export function loadForUpdate(pdf: Buffer): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
}

function serialized(object: PDFObject): Buffer {
  const bytes = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** xref subsections: runs of consecutive object numbers, each "first count" then 20-byte entries. */
function xrefSection(offsets: Map<number, number>): string {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let out = "xref\n";
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    out += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) out += `${String(offsets.get(numbers[k]!)).padStart(10, "0")} 00000 n \n`;
    i = j + 1;
  }
  return out;
}

/**
 * `pdf` followed by a revision holding the objects `refs` name, as `doc` (loaded from `pdf`) now has
 * them. The caller names every object it created or changed: nothing else is written.
 */
export function appendRevision(pdf: Buffer, doc: PDFDocument, refs: readonly PDFRef[]): Buffer {
  const { context } = doc;
  const prev = lastStartXref(pdf);
  const parts: Buffer[] = [pdf];
  let offset = pdf.length;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a) push(Buffer.from("\n"));
  const offsets = new Map<number, number>();
  for (const ref of new Set(refs)) {
    if (ref.generationNumber !== 0) throw new Error("only objects of generation 0 are rewritten");
    offsets.set(ref.objectNumber, offset);
    push(Buffer.from(`${ref.objectNumber} 0 obj\n`, "latin1"));
    push(serialized(context.lookup(ref)!));
    push(Buffer.from("\nendobj\n", "latin1"));
  }
  const info = context.trailerInfo;
  const trailer = PDFDict.withContext(context);
  trailer.set(PDFName.of("Size"), PDFNumber.of(context.largestObjectNumber + 1));
  if (info.Root) trailer.set(PDFName.of("Root"), info.Root);
  if (info.Info) trailer.set(PDFName.of("Info"), info.Info);
  if (info.ID instanceof PDFArray) trailer.set(PDFName.of("ID"), info.ID);
  trailer.set(PDFName.of("Prev"), PDFNumber.of(prev));
  const xrefAt = offset;
  push(Buffer.from(`${xrefSection(offsets)}trailer\n${trailer.toString()}\nstartxref\n${xrefAt}\n%%EOF\n`, "latin1"));
  return Buffer.concat(parts);
}

/** The indirect object to rewrite when `dict[key]` changes: the value's own when it is a reference, else `dict`'s (at `ref`). */
export function holderOf(dict: PDFDict, ref: PDFRef, key: string): PDFRef {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFRef ? value : ref;
}
