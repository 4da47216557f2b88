// A recording as an HTTP answer. Browsers' <audio> asks with `Range` (to start, and to seek); a
// single satisfiable byte range is answered 206 with Content-Range, anything else (no range, several,
// one past the end, a malformed header) with the whole file, 200 — which RFC 9110 §14.2 allows.
import type { Recording } from "@/lib/audio/read-recording";

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The inclusive byte range asked for, or null to send everything. */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null {
  const m = header ? RANGE.exec(header.trim()) : null;
  if (!m || size === 0 || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // The last N bytes.
    const n = Number(m[2]);
    return n === 0 ? null : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? null : { start, end };
}

export function audioResponse(rec: Recording, rangeHeader: string | null): Response {
  const headers: Record<string, string> = {
    "Content-Type": rec.contentType,
    "Accept-Ranges": "bytes",
    ETag: `"${rec.sha256}"`,
    // A signing link's recording is not for shared caches; a browser asks again per page.
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  };
  const range = byteRange(rangeHeader, rec.bytes.length);
  if (!range) return new Response(new Uint8Array(rec.bytes), { status: 200, headers: { ...headers, "Content-Length": String(rec.bytes.length) } });
  const part = rec.bytes.subarray(range.start, range.end + 1);
  return new Response(new Uint8Array(part), {
    status: 206,
    headers: { ...headers, "Content-Length": String(part.length), "Content-Range": `bytes ${range.start}-${range.end}/${rec.bytes.length}` },
  });
}
