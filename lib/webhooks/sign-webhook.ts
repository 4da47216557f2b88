// X-Service-Signature (decisions §10): "sha256=" + hex HMAC-SHA256(secret, timestamp + "." + raw body),
// one per valid secret, the newest first, comma-separated.
import { createHmac } from "node:crypto";

export function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: string): string {
  return secrets.map((s) => `sha256=${createHmac("sha256", s).update(`${timestamp}.${rawBody}`).digest("hex")}`).join(",");
}
