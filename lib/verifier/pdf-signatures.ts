// The signatures of a PDF as a verifier finds them (ISO 32000 §12.8): each /ByteRange, the CMS in its
// /Contents (zero-padded to the space reserved) and the bytes it covers. No PDF library is needed:
// the signature dictionary's byte range is what was signed, whatever the rest of the file says.
import * as asn1js from "asn1js";

export interface PdfSignature {
  /** the dictionary's /SubFilter: ETSI.CAdES.detached (a signature) or ETSI.RFC3161 (a document time-stamp) */
  subFilter: string;
  range: [number, number, number, number];
  covered: Buffer;
  cms: Buffer;
  /** whether the range covers the whole file but the signature's own /Contents */
  coversWholeFile: boolean;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

export function pdfSignatures(pdf: Buffer): PdfSignature[] {
  const text = pdf.toString("latin1");
  const out: PdfSignature[] = [];
  for (const m of text.matchAll(BYTE_RANGE)) {
    const range = m.slice(1, 5).map(Number) as [number, number, number, number];
    const [a, b, c, d] = range;
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length || text[b] !== "<" || text[c - 1] !== ">") {
      throw new Error(`a /ByteRange [${range.join(" ")}] that does not frame a /Contents string`);
    }
    const hex = text.slice(b + 1, c - 1);
    if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Error("a signature's /Contents is not hexadecimal");
    const padded = Buffer.from(hex, "hex");
    const parsed = asn1js.fromBER(new Uint8Array(padded));
    if (parsed.offset === -1) throw new Error("a signature's /Contents is not DER");
    // The dictionary holding this /ByteRange: its /SubFilter sits within the same object.
    const objStart = text.lastIndexOf(" obj", m.index);
    const objEnd = text.indexOf("endobj", m.index);
    const dict = text.slice(objStart < 0 ? 0 : objStart, objEnd < 0 ? text.length : objEnd);
    const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dict)?.[1] ?? "";
    out.push({
      subFilter,
      range,
      covered: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
      cms: padded.subarray(0, parsed.offset),
      coversWholeFile: c + d === pdf.length,
    });
  }
  return out;
}
