// A local webhook receiver for tests, and the signature checks a real receiver makes (docs/integrator-guide.md §4):
// HMAC-SHA256 over timestamp + "." + raw body, compared in constant time, any listed signature; and
// Standard Webhooks (decisions §21), checked by the `standardwebhooks` library itself.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { delivery_id: number; event: string; created_at: string; data: Record<string, unknown> };
}

export function signatureValid(r: { headers: http.IncomingHttpHeaders; raw: string }, secret: string): boolean {
  const ts = String(r.headers["x-service-timestamp"]);
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(`${ts}.${r.raw}`).digest("hex")}`);
  return String(r.headers["x-service-signature"])
    .split(",")
    .some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));
}

/** The `standardwebhooks` library's verify over the raw body and the webhook-* headers. */
export function standardValid(r: { headers: http.IncomingHttpHeaders; raw: string }, secret: string): boolean {
  try {
    new Webhook(secret).verify(r.raw, {
      "webhook-id": String(r.headers["webhook-id"]),
      "webhook-timestamp": String(r.headers["webhook-timestamp"]),
      "webhook-signature": String(r.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Records every request; `respond` gets it and how many requests of the same delivery came before,
 * and answers a status code, or "hang" to never answer.
 */
export async function startReceiver(
  respond: (r: ReceivedWebhook, before: number) => number | "hang" = () => 200,
): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const r: ReceivedWebhook = { headers: req.headers, raw, body: JSON.parse(raw) as ReceivedWebhook["body"] };
      const before = received.filter((x) => x.body.delivery_id === r.body.delivery_id).length;
      received.push(r);
      const answer = respond(r, before);
      if (answer !== "hang") res.writeHead(answer, { "Content-Type": "text/plain" }).end(answer === 200 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
