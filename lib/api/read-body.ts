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
  return value as Record<string, unknown>;
}
