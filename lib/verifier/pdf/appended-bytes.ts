// Every byte after a signature must belong to a revision that says what it is. A reader that repairs
// a damaged file scans for `N G obj` wherever it lies and lets the last one win, so an object slipped
// between revisions without a cross-reference entry is content that some readers show and a verifier
// reading only the tables would miss. After `from`, each revision is: its objects (each at the offset
// its table gives), its cross-reference section, `startxref`, `%%EOF` — and nothing else but
// whitespace and comments.
import type { PdfFile } from "@/lib/verifier/pdf/pdf-file";
import { PdfParser } from "@/lib/verifier/pdf/pdf-parser";

/** Problems in the revisions that follow offset `from` (a revision's end); empty when every byte is accounted for. */
export function unaccountedBytes(file: PdfFile, from: number): string[] {
  const problems: string[] = [];
  let start = from;
  for (const rev of file.revisions.filter((r) => r.xrefOffset >= from)) {
    const label = `the revision ending at byte ${rev.end}`;
    if (rev.end < 0) {
      problems.push(`the revision whose cross-reference section is at byte ${rev.xrefOffset} does not end with its own startxref and %%EOF`);
      return problems;
    }
    if (rev.end <= start) {
      problems.push(`revisions overlap at byte ${rev.end}`);
      return problems;
    }
    const spans: [number, number, string][] = [[rev.xrefOffset, rev.end, "cross-reference section"]];
    for (const [num, entry] of rev.entries) {
      if (entry.kind === "free") continue;
      if (entry.kind === "compressed") {
        const container = rev.entries.get(entry.stream);
        if (container?.kind !== "offset") problems.push(`${label} puts object ${num} in object stream ${entry.stream}, which it does not define`);
        continue;
      }
      if (entry.offset < start || entry.offset >= rev.xrefOffset) {
        problems.push(`${label} points object ${num} at byte ${entry.offset}, outside the revision`);
        continue;
      }
      const obj = file.parseAt(entry.offset, num, rev.index);
      if (obj) spans.push([obj.start, obj.end, `object ${num}`]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let at = start;
    for (const [s, e, what] of spans) {
      if (s < at) {
        problems.push(`${what} overlaps what comes before it at byte ${s}`);
        return problems;
      }
      if (!onlyWhitespace(file.buf, at, s)) problems.push(`bytes ${at}–${s} of ${label} belong to no object its cross-reference section lists`);
      at = e;
    }
    if (at !== rev.end) problems.push(`${label} has bytes after its %%EOF`);
    start = rev.end;
  }
  if (!onlyWhitespace(file.buf, start, file.buf.length)) problems.push(`bytes ${start}–${file.buf.length} follow the last revision`);
  return problems;
}

/**
 * Whitespace and comments, where no comment holds a keyword a repairing reader might take for
 * structure (it scans for `obj` and `trailer` even inside comments).
 */
function onlyWhitespace(buf: Buffer, from: number, to: number): boolean {
  const p = new PdfParser(buf, from, to);
  p.skip();
  return p.pos >= to && !/obj|xref|trailer|startxref/.test(buf.toString("latin1", from, to));
}
