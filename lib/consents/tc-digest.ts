// The only searchable form of a national id: a keyed digest. Without APP_SECRET the 11-digit space
// could be enumerated against a plain hash in seconds. Keyed per tenant (version 2): a key derived for
// this purpose from APP_SECRET, then one per tenant, so the same person's digests in two tenants are
// unrelated and one tenant's rows (a leaked export, say) tell nothing about whom another tenant has.
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";

export const TC_DIGEST_VERSION = 2;

let purpose: { secret: string; key: Buffer; tenants: Map<string, Buffer> } | undefined;

function tenantKey(tenantId: string): Buffer {
  const secret = env().APP_SECRET;
  if (purpose?.secret !== secret) purpose = { secret, key: createHmac("sha256", secret).update("tc-digest:v2").digest(), tenants: new Map() };
  let key = purpose.tenants.get(tenantId);
  if (!key) {
    key = createHmac("sha256", purpose.key).update(`tenant:${tenantId}`).digest();
    // A bound, not a cache policy: tenants are few; a runaway map would be a leak.
    if (purpose.tenants.size > 10_000) purpose.tenants.clear();
    purpose.tenants.set(tenantId, key);
  }
  return key;
}

export function tcDigest(tenantId: string, tc: string): string {
  return createHmac("sha256", tenantKey(tenantId)).update(tc).digest("hex");
}
