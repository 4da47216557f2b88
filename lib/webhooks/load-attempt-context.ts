// What attempts need besides the delivery rows: each tenant's endpoint (URL and valid secrets) and
// each consent's current object (the body's `data`), read once per batch however many deliveries
// share them, in two queries.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { decrypt } from "@/lib/encryption";
import { serializeConsent } from "@/lib/consents/serialize-consent";
import { consentsForDeliveries } from "@/lib/db/webhook-deliveries";
import { tenantsWithEndpoints } from "@/lib/db/webhook-endpoints";
import type { ClaimedDelivery } from "@/lib/webhooks/claim-due-deliveries";

interface AttemptTarget {
  url: string;
  /** the current secret first, then the previous one while it is still valid */
  secrets: string[];
}

export interface AttemptContext {
  /** null: the tenant has no endpoint */
  targetOf(d: ClaimedDelivery): AttemptTarget | null;
  /** the body's `data`; undefined when the delivery's consent is not (or no longer) the tenant's */
  dataOf(d: ClaimedDelivery): ConsentObject | { test: true; tenant: { code: string; name: string } } | undefined;
}

export async function loadAttemptContext(deliveries: readonly ClaimedDelivery[], at: Date): Promise<AttemptContext> {
  const tenantIds = [...new Set(deliveries.map((d) => d.tenantId))];
  const consentIds = [...new Set(deliveries.flatMap((d) => (d.consentId ? [d.consentId] : [])))];
  const [tenants, consents] = await Promise.all([
    tenantsWithEndpoints(tenantIds),
    consentIds.length ? consentsForDeliveries(consentIds) : Promise.resolve([]),
  ]);
  const tenantById = new Map(tenants.map((t) => [t.id, t]));
  const targets = new Map<string, AttemptTarget | null>();
  for (const t of tenants) {
    const e = t.webhook;
    if (!e) {
      targets.set(t.id, null);
      continue;
    }
    const secrets = [decrypt(e.secretEncrypted)];
    if (e.previousSecretEncrypted && e.previousSecretExpiresAt && e.previousSecretExpiresAt > at) secrets.push(decrypt(e.previousSecretEncrypted));
    targets.set(t.id, { url: e.url, secrets });
  }
  const data = new Map(consents.map(({ tenantId, ...row }) => [row.id, { tenantId, object: serializeConsent(row, at) }]));
  return {
    targetOf: (d) => targets.get(d.tenantId) ?? null,
    dataOf: (d) => {
      if (!d.consentId) {
        const t = tenantById.get(d.tenantId);
        return t ? { test: true, tenant: { code: t.code, name: t.name } } : undefined;
      }
      const c = data.get(d.consentId);
      // Tenant in every read: a consent of another tenant is as good as missing.
      return c && c.tenantId === d.tenantId ? c.object : undefined;
    },
  };
}
