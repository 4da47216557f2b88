// The two signatures of every webhook attempt, one per valid secret, the newest first:
// - X-Service-Signature (decisions §10): "sha256=" + hex HMAC-SHA256(secret, timestamp + "." + raw body),
//   keyed by the secret string as shown, comma-separated;
// - webhook-signature (decisions §21, Standard Webhooks): "v1," + base64 HMAC-SHA256(key, id + "." +
//   timestamp + "." + raw body), space-separated, keyed by the secret's decoded bytes (standardWebhookKey).
import { createHmac } from "node:crypto";

export function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: string): string {
  return secrets.map((s) => `sha256=${createHmac("sha256", s).update(`${timestamp}.${rawBody}`).digest("hex")}`).join(",");
}

const PREFIX = "whsec_";

/** The bytes `text` encodes in that alphabet, when it is their one canonical spelling (node's decoder is lenient). */
function decoded(text: string, encoding: "base64" | "base64url"): Buffer | null {
  if (text.length === 0) return null;
  const bytes = Buffer.from(text, encoding);
  return bytes.toString(encoding) === text ? bytes : null;
}

/**
 * The HMAC key of a signing secret under Standard Webhooks. A secret shown since #40 is
 * `whsec_<base64>` and its key is the decoded bytes (§21). Secrets issued before were
 * `whsec_<base64url of 32 random bytes>`: their key is the same 32 bytes, decoded in the URL-safe
 * alphabet, so that a receiver holding one passes `whsec_` + the bytes in standard base64 to any
 * Standard Webhooks library (standardWebhooksSecret) and keeps its secret. Anything else — a secret
 * written by hand — is keyed by its UTF-8 bytes, the libraries' "raw" key. docs/contract-notes.md.
 */
function standardWebhookKey(secret: string): Buffer {
  if (secret.startsWith(PREFIX)) {
    const rest = secret.slice(PREFIX.length);
    const key = decoded(rest, "base64") ?? decoded(rest, "base64url");
    if (key) return key;
  }
  return Buffer.from(secret, "utf8");
}

/** The secret as a Standard Webhooks library takes it: `whsec_` + the key in standard base64. */
export function standardWebhooksSecret(secret: string): string {
  return `${PREFIX}${standardWebhookKey(secret).toString("base64")}`;
}

export function standardSignatureHeader(secrets: readonly string[], id: string, timestamp: number, rawBody: string): string {
  return secrets.map((s) => `v1,${createHmac("sha256", standardWebhookKey(s)).update(`${id}.${timestamp}.${rawBody}`).digest("base64")}`).join(" ");
}
