// PDF objects as the verifier reads them (ISO 32000-1 §7.3): names, strings that remember where they
// lie in the file (a signature's /Contents must be exactly the gap its /ByteRange leaves), references,
// arrays, dictionaries and streams whose bytes are a slice of the file. Nothing here is resolved or
// decoded: what a revision says an object is, byte for byte.

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

export class PdfString {
  constructor(
    readonly bytes: Buffer,
    /** offset of its first byte in the file ('(' or '<'); -1 inside an object stream */
    readonly start: number,
    /** offset just past its last byte (')' or '>') */
    readonly end: number,
  ) {}
  /** A PDF text string: UTF-16BE with a byte-order mark, UTF-8 with one, or PDFDocEncoding (read as Latin-1). */
  text(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString("utf16le");
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.subarray(3).toString("utf8");
    return b.toString("latin1");
  }
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
  name(key: string): string | undefined {
    const v = this.entries.get(key);
    return v instanceof PdfName ? v.name : undefined;
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** the raw (still encoded) bytes between `stream` and `endstream` */
    readonly data: Buffer,
  ) {}
}

export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfValue[] | PdfDict | PdfStream;

/** An indirect object as a revision defines it. */
export interface PdfObject {
  num: number;
  gen: number;
  value: PdfValue;
  /** where `N G obj` starts and where `endobj` ends (-1 for an object inside an object stream) */
  start: number;
  end: number;
}

export class PdfSyntaxError extends Error {
  override name = "PdfSyntaxError";
}

/**
 * Structural equality as a change analysis needs it: references equal by number (what they point at is
 * compared as an object of its own), streams by dictionary and raw bytes.
 */
export function sameValue(a: PdfValue | undefined, b: PdfValue | undefined, depth = 0): boolean {
  if (depth > 64) return false;
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (a instanceof PdfName) return b instanceof PdfName && a.name === b.name;
  if (a instanceof PdfRef) return b instanceof PdfRef && a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfString) return b instanceof PdfString && a.bytes.equals(b.bytes);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i], depth + 1));
  if (a instanceof PdfStream) return b instanceof PdfStream && a.data.equals(b.data) && sameValue(a.dict, b.dict, depth + 1);
  if (a instanceof PdfDict) {
    if (!(b instanceof PdfDict) || a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) if (!sameValue(v, b.entries.get(k), depth + 1)) return false;
    return true;
  }
  return false;
}
