// Reads a JSON request body within the 1 MiB limit (decisions §2: 400, 413, 415).
import { AppError } from "@/lib/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Decisions §1: bodies are UTF-8; bytes that are not are no JSON text at all (RFC 8259 §8.1). */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The raw body text ("" when there is none), refusing more than MAX_BODY_BYTES without reading it all. */
export async function readRawBody(req: Request): Promise<string> {
  const bytes = await readRawBytes(req);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError("bad_request", "İstek gövdesi geçerli UTF-8 değil.");
  }
}

/**
 * The raw body bytes, within `limit` (MAX_BODY_BYTES unless an endpoint takes more, e.g. a
 * recording): counted as they arrive, so a body without (or lying in) Content-Length is cut off
 * at the limit and never held whole.
 */
export async function readRawBytes(req: Request, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () =>
    limit === MAX_BODY_BYTES ? new AppError("payload_too_large") : new AppError("payload_too_large", `İstek gövdesi ${limit / (1024 * 1024)} MiB sınırını aşıyor.`);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Decisions §2: anything but `application/json` (parameters such as charset aside) is 415. */
function isJsonType(contentType: string | null): boolean {
  return contentType?.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/**
 * No request of this API nests deeper than a few levels. Past MAX_DEPTH the body is refused before
 * anything walks it recursively (the checks below, canonical JSON for idempotency), which would
 * otherwise overflow the stack on a small body of a few thousand brackets and answer 500.
 */
export const MAX_DEPTH = 64;

function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
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
  if (deeperThan(value, MAX_DEPTH)) throw new AppError("bad_request", `İstek gövdesi en fazla ${MAX_DEPTH} düzey iç içe olabilir.`);
  // PostgreSQL text cannot hold U+0000: a "\u0000" would fail in the INSERT as a 500 (found by the fuzz suite).
  const nul = nulPath(value, "");
  if (nul !== null) throw new AppError("validation_failed", undefined, { [nul || "_"]: ["NUL karakteri (U+0000) içeremez"] });
  return wellFormed(value) as Record<string, unknown>;
}

/**
 * JSON may carry a lone UTF-16 surrogate ("\ud800"), which no UTF-8 text can hold: stored as is in a
 * JSON column it failed as a 500. It becomes U+FFFD, the character a decoder puts for what it cannot read.
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

/** The request's body as a JSON object; `optional`: `{}` when the body is empty. */
export async function readJsonObject(req: Request, optional: boolean): Promise<Record<string, unknown>> {
  return parseJsonObject(await readRawBody(req), req.headers.get("content-type"), optional);
}
