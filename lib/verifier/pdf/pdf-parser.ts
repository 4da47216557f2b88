// A strict reader of PDF syntax (ISO 32000-1 §7.2–7.3): one value, or one indirect object `N G obj …
// endobj`, at a given offset. Strict on purpose: a stream whose /Length does not end at `endstream`
// or an object without `endobj` is an error, not something to guess around, because a verifier that
// guesses can be shown a file that viewers read another way. Every loop advances through the buffer
// and nesting is bounded, so no input makes it run long.
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, PdfSyntaxError, type PdfObject, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

const MAX_DEPTH = 64;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (c: number | undefined) => c !== undefined && !WHITESPACE.has(c) && !DELIMITERS.has(c);
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

/** Resolves an indirect /Length of a stream; returns undefined when it cannot. */
type LengthResolver = (ref: PdfRef) => number | undefined;

export class PdfParser {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start: number,
    /** where the parser must stop (the end of the file, or of an object stream's data) */
    readonly limit: number = buf.length,
    /** offsets are reported relative to the file when the buffer is the file itself */
    readonly inFile = true,
  ) {
    this.pos = start;
  }

  fail(message: string): never {
    throw new PdfSyntaxError(`${message} at offset ${this.pos}`);
  }

  /** Skips whitespace and comments. */
  skip(): void {
    const { buf, limit } = this;
    while (this.pos < limit) {
      const c = buf[this.pos]!;
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < limit && buf[this.pos] !== 0x0a && buf[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  /** A bare word (keyword or number) at the current position, without consuming it. */
  peekWord(): string {
    this.skip();
    let end = this.pos;
    while (end < this.limit && isRegular(this.buf[end])) end++;
    return this.buf.toString("latin1", this.pos, end);
  }

  expectKeyword(word: string): void {
    if (this.peekWord() !== word) this.fail(`expected "${word}"`);
    this.pos += word.length;
  }

  private number(): number {
    const word = this.peekWord();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) this.fail(`expected a number, found "${word.slice(0, 20)}"`);
    this.pos += word.length;
    return Number(word);
  }

  /** An integer only if the next word is one, else null, leaving the position as it was. */
  private tryInteger(): number | null {
    const save = this.pos;
    const word = this.peekWord();
    if (/^\d{1,10}$/.test(word)) {
      this.pos += word.length;
      return Number(word);
    }
    this.pos = save;
    return null;
  }

  private name(): PdfName {
    this.pos++; // "/"
    const start = this.pos;
    while (this.pos < this.limit && isRegular(this.buf[this.pos])) this.pos++;
    const raw = this.buf.toString("latin1", start, this.pos);
    // #xx escapes (ISO 32000-1 §7.3.5); names are UTF-8 by convention.
    const bytes = Buffer.from(raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1");
    return new PdfName(bytes.toString("utf8"));
  }

  private literalString(): PdfString {
    const start = this.pos;
    this.pos++; // "("
    const out: number[] = [];
    let depth = 1;
    const { buf, limit } = this;
    while (this.pos < limit) {
      const c = buf[this.pos++]!;
      if (c === 0x5c) {
        const e = buf[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let i = 0; i < 2 && (buf[this.pos] ?? 0) >= 0x30 && (buf[this.pos] ?? 0) <= 0x37; i++) v = v * 8 + (buf[this.pos++]! - 0x30);
          out.push(v & 0xff);
        } else if (e === 0x0d) {
          if (buf[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) return new PdfString(Buffer.from(out), this.inFile ? start : -1, this.inFile ? this.pos : -1);
        out.push(c);
      } else out.push(c);
    }
    return this.fail("unterminated string");
  }

  private hexString(): PdfString {
    const start = this.pos;
    const close = this.buf.indexOf(0x3e, this.pos);
    if (close < 0 || close >= this.limit) this.fail("unterminated hex string");
    const digits = this.buf.toString("latin1", this.pos + 1, close).replace(/[\0\t\n\f\r ]/g, "");
    if (!/^[0-9A-Fa-f]*$/.test(digits)) this.fail("a hex string holds a non-hex character");
    this.pos = close + 1;
    const bytes = Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
    return new PdfString(bytes, this.inFile ? start : -1, this.inFile ? this.pos : -1);
  }

  /** One direct value; `N G R` becomes a reference. */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) this.fail("objects nested too deeply");
    this.skip();
    if (this.pos >= this.limit) this.fail("unexpected end of data");
    const c = this.buf[this.pos]!;
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literalString();
    if (c === 0x3c) {
      if (this.buf[this.pos + 1] !== 0x3c) return this.hexString();
      this.pos += 2;
      return this.dictBody(depth);
    }
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (this.pos >= this.limit) this.fail("unterminated array");
        if (this.buf[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.peekWord();
    if (word === "true" || word === "false" || word === "null") {
      this.pos += word.length;
      return word === "null" ? null : word === "true";
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) {
      const save = this.pos;
      const first = this.tryInteger();
      if (first !== null) {
        const afterFirst = this.pos;
        const gen = this.tryInteger();
        if (gen !== null && this.peekWord() === "R") {
          this.pos++;
          return new PdfRef(first, gen);
        }
        this.pos = afterFirst;
        return first;
      }
      this.pos = save;
      return this.number();
    }
    return this.fail(`unexpected "${word.slice(0, 20) || String.fromCharCode(c)}"`);
  }

  private dictBody(depth: number): PdfDict {
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skip();
      if (this.pos >= this.limit) this.fail("unterminated dictionary");
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return new PdfDict(entries);
      }
      if (this.buf[this.pos] !== 0x2f) this.fail("a dictionary key is not a name");
      const key = this.name().name;
      // A repeated key is what two readers resolve differently (first or last wins): refused.
      if (entries.has(key)) this.fail(`the key /${key} appears twice in one dictionary`);
      entries.set(key, this.value(depth + 1));
    }
  }

  /** `N G obj <value> [stream … endstream] endobj` at the current position. */
  indirectObject(resolveLength: LengthResolver): PdfObject {
    this.skip();
    const start = this.pos;
    const num = this.tryInteger();
    const gen = this.tryInteger();
    if (num === null || gen === null) this.fail("expected an object header \"N G obj\"");
    this.expectKeyword("obj");
    let value = this.value();
    if (value instanceof PdfDict && this.peekWord() === "stream") {
      value = this.streamBody(value, resolveLength);
    }
    this.expectKeyword("endobj");
    return { num, gen, value, start, end: this.pos };
  }

  private streamBody(dict: PdfDict, resolveLength: LengthResolver): PdfStream {
    this.pos += "stream".length;
    // ISO 32000-1 §7.3.8.1: the keyword is followed by CRLF or LF, not CR alone.
    if (this.buf[this.pos] === 0x0d && this.buf[this.pos + 1] === 0x0a) this.pos += 2;
    else if (this.buf[this.pos] === 0x0a) this.pos++;
    else this.fail("`stream` is not followed by an end of line");
    const lengthValue = dict.get("Length");
    const length = lengthValue instanceof PdfRef ? resolveLength(lengthValue) : lengthValue;
    if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0 || this.pos + length > this.limit) this.fail("a stream's /Length is missing or out of bounds");
    const data = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    this.expectKeyword("endstream");
    return new PdfStream(dict, data);
  }
}

/** The value at `offset`, for an object stream's members (ISO 32000-1 §7.5.7). */
export function parseValueAt(buf: Buffer, offset: number, limit = buf.length): PdfValue {
  return new PdfParser(buf, offset, limit, false).value();
}
