// The file's last signature dictionary, read from its bytes: what a renewal or a VRI entry needs of
// it (the seal's /Contents as written; a document time-stamp's token), without parsing the document.
const SUBFILTER = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/;

interface LastSignature {
  /** /Contents as written, zero padding included */
  contents: Buffer;
  /** the DER inside it, without the padding */
  der: Buffer;
  subFilter: string | null;
}

/** Length of the DER element at the start of `b` (definite lengths only). */
function derLength(b: Buffer): number {
  const first = b[1] ?? 0;
  if (!(first & 0x80)) return 2 + first;
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + (b[2 + i] ?? 0);
  return 2 + n + length;
}

export function lastSignature(pdf: Buffer): LastSignature | null {
  const at = pdf.lastIndexOf("/ByteRange [");
  if (at < 0) return null;
  const m = /^\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(at, at + 80).toString("latin1"));
  if (!m) return null;
  const contents = Buffer.from(pdf.subarray(Number(m[2]) + 1, Number(m[3]) - 1).toString("latin1"), "hex");
  // The dictionary around the byte range: from its object's start to its end.
  const start = pdf.lastIndexOf(" obj", at);
  const end = pdf.indexOf("endobj", at);
  const dict = pdf.subarray(Math.max(0, start), end < 0 ? pdf.length : end).toString("latin1").replace(/<[0-9a-fA-F\s]*>/g, "<>");
  return { contents, der: contents.subarray(0, Math.min(contents.length, derLength(contents))), subFilter: SUBFILTER.exec(dict)?.[1] ?? null };
}
