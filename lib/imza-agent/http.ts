// The small HTTP pieces of the agent: bounded JSON bodies, problem answers, a rate limit.
import type { IncomingMessage, ServerResponse } from "node:http";

export const MAX_BODY = 128 * 1024;

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers });
  res.end(text);
}

export function sendProblem(res: ServerResponse, p: HttpProblem, headers: Record<string, string> = {}): void {
  send(res, p.status, { status: p.status, code: p.code, detail: p.message, ...p.extra }, { ...headers, "content-type": "application/problem+json; charset=utf-8" });
}

/** The JSON object of a request, at most MAX_BODY bytes. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) throw new HttpProblem(415, "unsupported_media_type", "İstek gövdesi application/json olmalı.");
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY) throw new HttpProblem(413, "payload_too_large", `İstek gövdesi ${MAX_BODY / 1024} KiB sınırını aşıyor.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      req.destroy();
      throw new HttpProblem(413, "payload_too_large", `İstek gövdesi ${MAX_BODY / 1024} KiB sınırını aşıyor.`);
    }
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // below
  }
  throw new HttpProblem(400, "bad_request", "İstek gövdesi geçerli bir JSON nesnesi değil.");
}

/** A token bucket: `burst` requests at once, then one every `everyMs`. */
export function rateLimit(burst: number, everyMs: number, now: () => number = Date.now): () => boolean {
  let tokens = burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(burst, tokens + (t - at) / everyMs);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
