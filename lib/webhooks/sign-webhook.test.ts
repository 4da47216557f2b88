// The signatures of a webhook attempt, checked the way receivers check them: Standard Webhooks with
// the `standardwebhooks` library itself (decisions §21), X-Service-Signature with node:crypto as the
// integrator guide does (§10) — never with the signer's own code.
import { createHmac, randomBytes } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signatureHeader, standardSignatureHeader, standardWebhooksSecret } from "@/lib/webhooks/sign-webhook";
import { newSigningSecret } from "@/lib/webhooks/set-webhook-endpoint";

const body = JSON.stringify({ delivery_id: 7, event: "consent.completed", created_at: "2026-11-22T14:03:09+03:00", data: { id: "ons_261122_k3v9x2m8q7p4", ad: "Ayşe Işık" } });

function headers(secrets: string[], id = "7", timestamp = Math.floor(Date.now() / 1000), raw = body) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardSignatureHeader(secrets, id, timestamp, raw),
    "x-service-signature": signatureHeader(secrets, timestamp, raw),
  };
}

/** §10's check as docs/integrator-guide.md prints it: any comma-separated value matches. */
function serviceSignatureOk(header: string, secret: string, timestamp: string, raw: string): boolean {
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex")}`;
  return header.split(",").includes(expected);
}

describe("Standard Webhooks signatures (decisions §21)", () => {
  it("new secrets are whsec_ + 32 random bytes in base64, and the library verifies a delivery signed with one", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    const h = headers([secret]);
    expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
    expect(serviceSignatureOk(h["x-service-signature"], secret, h["webhook-timestamp"], body)).toBe(true);
  });

  it("during a rotation carries both signatures, space-separated, the new one first; either secret verifies", () => {
    const [next, previous] = [newSigningSecret(), newSigningSecret()];
    const h = headers([next, previous]);
    const parts = h["webhook-signature"].split(" ");
    expect(parts).toHaveLength(2);
    const ts = new Date(Number(h["webhook-timestamp"]) * 1000);
    expect(parts[0]).toBe(new Webhook(next).sign("7", ts, body));
    expect(parts[1]).toBe(new Webhook(previous).sign("7", ts, body));
    expect(() => new Webhook(next).verify(body, h)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, h)).not.toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, h)).toThrow(WebhookVerificationError);
  });

  it("refuses a changed body, another id and a stale timestamp", () => {
    const secret = newSigningSecret();
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace("Ayşe", "Ayse"), headers([secret]))).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers([secret]), "webhook-id": "8" })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, headers([secret], "7", Math.floor(Date.now() / 1000) - 301))).toThrow(/too old/);
  });

  it("a secret issued before #40 (whsec_ + base64url) keeps its X-Service-Signature and verifies under Standard Webhooks in its base64 form", () => {
    // Every secret issued before was 32 random bytes in base64url; pick one with both URL-safe letters.
    let old: string;
    do old = `whsec_${randomBytes(32).toString("base64url")}`;
    while (!/[-_]/.test(old.slice(6)));
    const h = headers([old]);
    // §10 is unchanged: keyed by the secret string as shown.
    expect(serviceSignatureOk(h["x-service-signature"], old, h["webhook-timestamp"], body)).toBe(true);
    // The library cannot read the URL-safe alphabet; the same 32 bytes in standard base64 verify.
    expect(() => new Webhook(old)).toThrow();
    const converted = standardWebhooksSecret(old);
    expect(converted).toBe(`whsec_${Buffer.from(old.slice(6), "base64url").toString("base64")}`);
    expect(() => new Webhook(converted).verify(body, h)).not.toThrow();
    // A new secret is already in that form.
    const fresh = newSigningSecret();
    expect(standardWebhooksSecret(fresh)).toBe(fresh);
  });

  it("a secret in neither form is keyed by its UTF-8 bytes (the libraries' raw key)", () => {
    const secret = "elle yazılmış bir sır";
    const h = headers([secret]);
    expect(() => new Webhook(Buffer.from(secret, "utf8"), { format: "raw" }).verify(body, h)).not.toThrow();
    expect(() => new Webhook(standardWebhooksSecret(secret)).verify(body, h)).not.toThrow();
  });
});
