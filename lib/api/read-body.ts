// Reads a JSON request body within the 1 MiB limit (decisions §2: 400, 413, 415).
import { AppError } from "@/lib/api/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** The raw body text ("" when there is none), refusing more than MAX_BODY_BYTES without reading it all. */
export async function readRawBody(req: Request): Promise<string> {
  return (await readRawBytes(req)).toString("utf8");
}

/** The raw body bytes, within MAX_BODY_BYTES. */
export async function readRawBytes(req: Request): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError("payload_too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isJsonType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mime = contentType.split(";")[0]!.trim().toLowerCase();
  return mime === "application/json" || (mime.startsWith("application/") && mime.endsWith("+json"));
}

/**
 * Parses raw as a JSON object. An empty body is `{}` when optional, 400 otherwise;
 * a non-empty body must be declared application/json.
 */
export function parseJsonObject(raw: string, contentType: string | null, optional: boolean): Record<string, unknown> {
  if (raw.trim() === "") {
    if (optional) return {};
    throw new AppError("bad_request", "İstek gövdesi boş; bir JSON nesnesi bekleniyor.");
  }
  if (!isJsonType(contentType)) throw new AppError("unsupported_media_type");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "İstek gövdesi geçerli JSON değil.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("bad_request", "İstek gövdesi bir JSON nesnesi olmalı.");
  }
  // PostgreSQL text cannot hold U+0000: a "\u0000" would fail in the INSERT as a 500 (found by the fuzz suite).
  const nul = nulPath(value, "");
  if (nul !== null) throw new AppError("validation_failed", undefined, { [nul || "_"]: ["NUL karakteri (U+0000) içeremez"] });
  return wellFormed(value) as Record<string, unknown>;
}

/**
 * JSON may carry a lone UTF-16 surrogate ("\ud800"), which no UTF-8 text can hold: stored as is in a
 * JSON column it failed as a 500. Like an invalid UTF-8 byte, it becomes U+FFFD.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormedString = (s: string) => s.replace(LONE_SURROGATE, "\uFFFD");

function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return wellFormedString(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(wellFormed);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormedString(k), wellFormed(v)]));
}

/** The dotted path of the first string (or key) holding U+0000, or null. */
export function nulPath(value: unknown, at: string): string | null {
  if (typeof value === "string") return value.includes("\0") ? at : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const p = at ? `${at}.${k}` : k;
    if (k.includes("\0")) return p;
    const found = nulPath(v, p);
    if (found !== null) return found;
  }
  return null;
}
