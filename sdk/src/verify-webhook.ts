// Checking a webhook delivery from e-Onam with the Standard Webhooks library (webhook-id,
// webhook-timestamp, webhook-signature; https://www.standardwebhooks.com).
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { WebhookPayload, WebhookTestPayload } from "./client/types.gen.js";

export { WebhookVerificationError };

/** A delivery's body: a consent event, or the test event the panel sends on request. */
export type EonamWebhook = WebhookPayload | WebhookTestPayload;

const PREFIX = "whsec_";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** `text` decoded in the standard or the URL-safe alphabet, when it is the canonical spelling of its bytes. */
function bytesOf(text: string): Uint8Array | null {
  for (const std of [text, text.replace(/-/g, "+").replace(/_/g, "/")]) {
    const padded = std + "=".repeat((4 - (std.length % 4)) % 4);
    try {
      const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
      const again = toBase64(bytes);
      if (bytes.length > 0 && (again === text || again.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_") === text)) return bytes;
    } catch {
      // not base64 in this alphabet
    }
  }
  return null;
}

/**
 * The signing secret as Standard Webhooks libraries take it: `whsec_` + the key in standard base64.
 * Secrets shown since the service added Standard Webhooks already are; those issued before were
 * written in the URL-safe alphabet and are re-encoded here, so that you keep your secret.
 */
export function standardSecret(secret: string): string {
  const key = secret.startsWith(PREFIX) ? bytesOf(secret.slice(PREFIX.length)) : null;
  return PREFIX + toBase64(key ?? new TextEncoder().encode(secret));
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? "";
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return (Array.isArray(entry) ? entry[0] : entry) ?? "";
}

/**
 * Verifies a delivery and returns its body, typed. `rawBody`: the exact bytes received, before any
 * JSON parsing; `headers`: the request's (a fetch `Headers`, or node's `req.headers`). Throws
 * `WebhookVerificationError` when the signature does not match any valid secret or the timestamp
 * is more than 5 minutes away. During a secret rotation either secret verifies.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: HeaderBag, secret: string): EonamWebhook {
  const body = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(standardSecret(secret)).verify(body, {
    "webhook-id": header(headers, "webhook-id"),
    "webhook-timestamp": header(headers, "webhook-timestamp"),
    "webhook-signature": header(headers, "webhook-signature"),
  }) as EonamWebhook;
}
