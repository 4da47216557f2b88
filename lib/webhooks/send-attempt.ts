// Builds, signs and POSTs one attempt of a claimed delivery. The body's `data` is the consent as it
// is now; `created_at` stays the event's time.
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { ClaimedDelivery } from "@/lib/webhooks/claim-due-deliveries";
import type { AttemptContext } from "@/lib/webhooks/load-attempt-context";
import { postWebhook, type PostResult } from "@/lib/webhooks/post-webhook";
import { signatureHeader, standardSignatureHeader } from "@/lib/webhooks/sign-webhook";

/** Resolves to the outcome of the POST (never rejects for an HTTP or network failure). */
export async function sendAttempt(d: ClaimedDelivery, ctx: AttemptContext): Promise<PostResult> {
  const target = ctx.targetOf(d);
  if (!target) return { statusCode: null, ok: false, durationMs: 0, error: "no webhook endpoint is set", snippet: null };
  const data = ctx.dataOf(d);
  if (data === undefined) throw new AppError("not_found", "Onam bulunamadı.");
  const body = JSON.stringify({ delivery_id: Number(d.id), event: d.event, created_at: d.createdAtIso, data });
  // Signed per attempt: a retry an hour later still passes a receiver's 300-second window.
  const timestamp = Math.floor(now().getTime() / 1000);
  const id = String(d.id);
  return postWebhook(
    target.url,
    {
      "Content-Type": "application/json",
      "User-Agent": "e-onam-webhooks/1",
      "X-Service-Event": d.event,
      "X-Service-Delivery": id,
      "X-Service-Timestamp": String(timestamp),
      "X-Service-Signature": signatureHeader(target.secrets, timestamp, body),
      // The same delivery under Standard Webhooks (decisions §21): any of its libraries verifies it.
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": standardSignatureHeader(target.secrets, id, timestamp, body),
    },
    body,
    { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE },
  );
}
