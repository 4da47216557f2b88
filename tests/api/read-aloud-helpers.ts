// decisions §22: uploading and fetching read-aloud recordings, for the API tests (and the S3 pass).
import { basic, defaultKey, run } from "./client";
import type { KeyFixture } from "./fixtures";

export interface AudioCall {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: Record<string, unknown> | null;
}

/** One request to /v1/templates/{kod}/audio/{dil} with a raw body. */
export async function audioCall(
  method: "GET" | "PUT" | "DELETE",
  kod: string,
  dil: string,
  opts: { body?: Buffer | ReadableStream<Uint8Array>; type?: string; key?: KeyFixture | { id: string; secret: string }; query?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<AudioCall> {
  const headers: Record<string, string> = { Authorization: basic(opts.key ?? defaultKey()), ...opts.headers };
  if (opts.type) headers["Content-Type"] = opts.type;
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (opts.body instanceof Buffer) init.body = new Uint8Array(opts.body);
  else if (opts.body) {
    init.body = opts.body as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  const res = await fetch(`${opts.baseUrl ?? run.url}/v1/templates/${encodeURIComponent(kod)}/audio/${dil}${opts.query ? `?${opts.query}` : ""}`, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Record<string, unknown> | null = null;
  if (/json/.test(res.headers.get("content-type") ?? "")) json = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, bytes, json };
}

/** A body streamed in chunks without Content-Length, `total` bytes of `fill`. */
export function streamedBody(total: number, first: Buffer, chunk = 256 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const part = sent === 0 ? Buffer.concat([first, Buffer.alloc(Math.max(0, chunk - first.length))]) : Buffer.alloc(Math.min(chunk, total - sent));
      sent += part.length;
      controller.enqueue(new Uint8Array(part));
    },
  });
}

/** The signing link's recording, as the page's <audio> asks for it. */
export async function signingAudio(token: string, cookie?: string, range?: string, baseUrl = run.url): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (range) headers.Range = range;
  const res = await fetch(`${baseUrl}/s/${token}/audio`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
