// A PDF as its revisions (ISO 32000-1 §7.5.6): the chain of cross-reference sections from the last
// `startxref` back through each trailer's /Prev, each one a table or a cross-reference stream (with
// object streams), and any object as a given revision defines it. This is what lets the verifier read
// the document as it was sealed and compare every later revision with it, object by object.
import { PdfParser, parseValueAt } from "@/lib/verifier/pdf/pdf-parser";
import { decodeStream } from "@/lib/verifier/pdf/stream-data";
import { PdfDict, PdfRef, PdfStream, PdfSyntaxError, type PdfObject, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

type XrefEntry = { kind: "free" } | { kind: "offset"; offset: number; gen: number } | { kind: "compressed"; stream: number; index: number };

export interface Revision {
  /** 0 for the oldest */
  index: number;
  xrefOffset: number;
  entries: Map<number, XrefEntry>;
  trailer: PdfDict;
  /** just past the `%%EOF` that closes this revision; -1 when it has none */
  end: number;
  /** the same, with the end of line that may follow it (a signature may cover it or not) */
  eolEnd: number;
}

const MAX_REVISIONS = 1000;
const MAX_OBJECT_NUMBER = 8_388_607; // ISO 32000-1 Annex C
const MAX_RESOLVE_DEPTH = 32;

function int(v: PdfValue | undefined): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** `startxref N %%EOF` and one end of line, from `pos`: where the revision ends, and N. */
function closing(buf: Buffer, pos: number): { end: number; eolEnd: number; startxref: number } | null {
  const p = new PdfParser(buf, pos);
  if (p.peekWord() !== "startxref") return null;
  p.pos += "startxref".length;
  const n = p.peekWord();
  if (!/^\d{1,15}$/.test(n)) return null;
  p.pos += n.length;
  // Whitespace only: skip() would read "%%EOF" as a comment.
  while (p.pos < buf.length && [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(buf[p.pos]!)) p.pos++;
  if (buf.toString("latin1", p.pos, p.pos + 5) !== "%%EOF") return null;
  const end = p.pos + 5;
  let eolEnd = end;
  if (buf[eolEnd] === 0x0d) eolEnd++;
  if (buf[eolEnd] === 0x0a) eolEnd++;
  return { end, eolEnd, startxref: Number(n) };
}

export class PdfFile {
  readonly revisions: Revision[];
  private readonly parsed = new Map<number, PdfObject>();
  private readonly objectStreams = new Map<string, { data: Buffer; first: number; offsets: [number, number][] }>();

  constructor(readonly buf: Buffer) {
    const tail = buf.toString("latin1", Math.max(0, buf.length - 1024));
    const m = /startxref\s+(\d{1,15})\s+%%EOF\s*$/.exec(tail);
    if (!m) throw new PdfSyntaxError("the file does not end with startxref and %%EOF");
    const chain: Omit<Revision, "index">[] = [];
    const seen = new Set<number>();
    let offset: number | undefined = Number(m[1]);
    while (offset !== undefined) {
      if (seen.has(offset) || chain.length >= MAX_REVISIONS) throw new PdfSyntaxError("the cross-reference sections form a loop or are too many");
      seen.add(offset);
      const revision = this.xrefSection(offset);
      chain.push(revision);
      offset = int(revision.trailer.get("Prev"));
    }
    this.revisions = chain.reverse().map((r, index) => ({ ...r, index }));
  }

  private xrefSection(offset: number): Omit<Revision, "index"> {
    if (offset >= this.buf.length) throw new PdfSyntaxError(`startxref ${offset} points past the end of the file`);
    const p = new PdfParser(this.buf, offset);
    const entries = new Map<number, XrefEntry>();
    let trailer: PdfDict;
    if (p.peekWord() === "xref") {
      p.pos += 4;
      for (;;) {
        const word = p.peekWord();
        if (word === "trailer") break;
        if (!/^\d{1,10}$/.test(word)) throw new PdfSyntaxError(`malformed cross-reference table at offset ${p.pos}`);
        p.pos += word.length;
        const first = Number(word);
        const countWord = p.peekWord();
        if (!/^\d{1,10}$/.test(countWord)) throw new PdfSyntaxError(`malformed cross-reference subsection at offset ${p.pos}`);
        p.pos += countWord.length;
        const count = Number(countWord);
        if (first + count > MAX_OBJECT_NUMBER + 1 || count * 18 > this.buf.length - p.pos) throw new PdfSyntaxError(`a cross-reference subsection is larger than the file at offset ${p.pos}`);
        for (let i = 0; i < count; i++) {
          p.skip();
          const line = /^(\d{10}) (\d{5}) ([nf])/.exec(this.buf.toString("latin1", p.pos, p.pos + 18));
          if (!line) throw new PdfSyntaxError(`malformed cross-reference entry at offset ${p.pos}`);
          p.pos += 18;
          entries.set(first + i, line[3] === "n" ? { kind: "offset", offset: Number(line[1]), gen: Number(line[2]) } : { kind: "free" });
        }
      }
      p.pos += "trailer".length;
      const dict = p.value();
      if (!(dict instanceof PdfDict)) throw new PdfSyntaxError(`the trailer is not a dictionary at offset ${p.pos}`);
      trailer = dict;
      const hybrid = int(trailer.get("XRefStm"));
      if (hybrid !== undefined) {
        for (const [num, e] of this.xrefStream(hybrid).entries) if (!entries.has(num)) entries.set(num, e);
      }
    } else {
      const stream = this.xrefStream(offset);
      trailer = stream.trailer;
      for (const [num, e] of stream.entries) entries.set(num, e);
      p.pos = stream.end;
    }
    const close = closing(this.buf, p.pos);
    const closed = close && close.startxref === offset;
    return { xrefOffset: offset, entries, trailer, end: closed ? close.end : -1, eolEnd: closed ? close.eolEnd : -1 };
  }

  /** A cross-reference stream (ISO 32000-1 §7.5.8) at `offset`. */
  private xrefStream(offset: number): { entries: Map<number, XrefEntry>; trailer: PdfDict; end: number } {
    const p = new PdfParser(this.buf, offset);
    const obj = p.indirectObject((ref) => {
      const v = this.parseDirectAt(ref);
      return typeof v === "number" ? v : undefined;
    });
    const stream = obj.value;
    if (!(stream instanceof PdfStream) || stream.dict.name("Type") !== "XRef") throw new PdfSyntaxError(`no cross-reference table or stream at offset ${offset}`);
    const w = stream.dict.get("W");
    const widths = Array.isArray(w) && w.length === 3 ? w.map(int) : [];
    if (widths.length !== 3 || widths.some((x) => x === undefined || x > 8)) throw new PdfSyntaxError("a cross-reference stream's /W is malformed");
    const [w1, w2, w3] = widths as [number, number, number];
    const size = int(stream.dict.get("Size"));
    if (size === undefined || size > MAX_OBJECT_NUMBER + 1) throw new PdfSyntaxError("a cross-reference stream's /Size is malformed");
    const index = stream.dict.get("Index") ?? [0, size];
    if (!Array.isArray(index) || index.length % 2 || index.some((x) => int(x) === undefined)) throw new PdfSyntaxError("a cross-reference stream's /Index is malformed");
    const data = decodeStream(stream);
    const rowLength = w1 + w2 + w3;
    const field = (at: number, width: number) => {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
      return v;
    };
    const entries = new Map<number, XrefEntry>();
    let row = 0;
    for (let i = 0; i < index.length; i += 2) {
      const first = index[i] as number;
      const count = index[i + 1] as number;
      if (first + count > MAX_OBJECT_NUMBER + 1 || (row + count) * rowLength > data.length) throw new PdfSyntaxError("a cross-reference stream is shorter than its /Index says");
      for (let k = 0; k < count; k++, row++) {
        const at = row * rowLength;
        const type = w1 === 0 ? 1 : field(at, w1);
        const f2 = field(at + w1, w2);
        const f3 = field(at + w1 + w2, w3);
        if (type === 0) entries.set(first + k, { kind: "free" });
        else if (type === 1) entries.set(first + k, { kind: "offset", offset: f2, gen: f3 });
        else if (type === 2) entries.set(first + k, { kind: "compressed", stream: f2, index: f3 });
      }
    }
    return { entries, trailer: stream.dict, end: obj.end };
  }

  /** Only for a cross-reference stream's indirect /Length: the object at the offset the newest table gives. */
  private parseDirectAt(ref: PdfRef): PdfValue | undefined {
    for (const r of this.revisions ?? []) {
      const e = r.entries.get(ref.num);
      if (e?.kind === "offset") return this.parseAt(e.offset, ref.num, -1)?.value;
    }
    return undefined;
  }

  /** The indirect object at `offset`, which must be object `num`. */
  parseAt(offset: number, num: number, revision: number): PdfObject | undefined {
    const cached = this.parsed.get(offset);
    if (cached) return cached.num === num ? cached : undefined;
    if (offset >= this.buf.length) throw new PdfSyntaxError(`object ${num}'s offset ${offset} is past the end of the file`);
    const obj = new PdfParser(this.buf, offset).indirectObject((ref) => {
      if (revision < 0) return undefined;
      const v = this.value(revision, ref);
      return typeof v === "number" ? v : undefined;
    });
    if (obj.num !== num) throw new PdfSyntaxError(`the cross-reference table says object ${num} is at ${offset}, where object ${obj.num} is`);
    this.parsed.set(offset, obj);
    return obj;
  }

  private member(revision: number, streamNum: number, index: number, num: number): PdfObject | undefined {
    const container = this.object(revision, streamNum);
    if (!container || !(container.value instanceof PdfStream) || container.value.dict.name("Type") !== "ObjStm") {
      throw new PdfSyntaxError(`object ${num} is said to be in object stream ${streamNum}, which is not one`);
    }
    const key = `${streamNum}@${container.start}`;
    let os = this.objectStreams.get(key);
    if (!os) {
      const data = decodeStream(container.value);
      const n = int(container.value.dict.get("N"));
      const first = int(container.value.dict.get("First"));
      if (n === undefined || first === undefined || first > data.length || n > data.length) throw new PdfSyntaxError(`object stream ${streamNum} has a malformed /N or /First`);
      const header = data.toString("latin1", 0, first).trim().split(/\s+/).filter(Boolean).map(Number);
      if (header.length < n * 2 || header.some((x) => !Number.isSafeInteger(x) || x < 0)) throw new PdfSyntaxError(`object stream ${streamNum} has a malformed header`);
      os = { data, first, offsets: Array.from({ length: n }, (_, i) => [header[2 * i]!, header[2 * i + 1]!] as [number, number]) };
      this.objectStreams.set(key, os);
    }
    const at = os.offsets[index];
    if (!at || at[0] !== num) throw new PdfSyntaxError(`object stream ${streamNum} does not hold object ${num} at index ${index}`);
    return { num, gen: 0, value: parseValueAt(os.data, os.first + at[1]), start: -1, end: -1 };
  }

  /** Object `num` as revision `revision` (an index into `revisions`) defines it; undefined when free or absent. */
  object(revision: number, num: number): PdfObject | undefined {
    for (let i = revision; i >= 0; i--) {
      const e = this.revisions[i]!.entries.get(num);
      if (!e) continue;
      if (e.kind === "free") return undefined;
      if (e.kind === "offset") {
        const obj = this.parseAt(e.offset, num, i);
        if (obj && obj.gen !== e.gen) throw new PdfSyntaxError(`object ${num} has generation ${obj.gen}, its cross-reference entry ${e.gen}`);
        return obj;
      }
      return this.member(i, e.stream, e.index, num);
    }
    return undefined;
  }

  /** The revision (index) that last defined object `num` at or before `revision`. */
  definedIn(revision: number, num: number): number | undefined {
    for (let i = revision; i >= 0; i--) if (this.revisions[i]!.entries.has(num)) return i;
    return undefined;
  }

  /** `v` with references followed, as of `revision`. */
  value(revision: number, v: PdfValue | undefined): PdfValue | undefined {
    for (let depth = 0; v instanceof PdfRef; depth++) {
      if (depth >= MAX_RESOLVE_DEPTH) throw new PdfSyntaxError("references lead in a loop");
      v = this.object(revision, v.num)?.value;
    }
    return v;
  }

  dict(revision: number, v: PdfValue | undefined): PdfDict | undefined {
    const r = this.value(revision, v);
    return r instanceof PdfDict ? r : r instanceof PdfStream ? r.dict : undefined;
  }

  array(revision: number, v: PdfValue | undefined): PdfValue[] | undefined {
    const r = this.value(revision, v);
    return Array.isArray(r) ? r : undefined;
  }

  /** The revision a byte offset closes: the one whose %%EOF (or the end of line after it) ends exactly there. */
  revisionEndingAt(offset: number): Revision | undefined {
    return this.revisions.find((r) => r.end === offset || r.eolEnd === offset);
  }
}
