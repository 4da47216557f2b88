// Tenants' webhook endpoints (one per tenant): the address, the events it takes and the signing
// secrets (encrypted; the replaced one kept for a day beside the new one).
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

export function webhookEndpointRow(tenantId: string) {
  return db().webhookEndpoint.findUnique({ where: { tenantId } });
}

/** The tenants among `ids` with their endpoints (null: none), for a batch of attempts. */
export function tenantsWithEndpoints(ids: readonly string[]) {
  return db().tenant.findMany({ where: { id: { in: [...ids] } }, select: { id: true, code: true, name: true, webhook: true } });
}

// ── In a transaction (SQL on its connection) ─────────────────────────────────────────────────────

/** The current secret (encrypted); undefined when the tenant has no endpoint. */
export async function endpointSecretInTx(tx: Tx, tenantId: string): Promise<string | undefined> {
  const [row] = await tx.$queryRaw<{ secret: string }[]>(Prisma.sql`SELECT secret_encrypted AS secret FROM webhook_endpoints WHERE tenant_id = ${tenantId}`);
  return row?.secret;
}

/** A new address and events, the secrets kept. */
export async function updateEndpointTarget(tx: Tx, tenantId: string, url: string, events: readonly string[]): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    UPDATE webhook_endpoints SET url = ${url}, events = ${[...events]}::text[], updated_at = ${new Date()} WHERE tenant_id = ${tenantId}`);
}

interface EndpointValues {
  url: string;
  events: readonly string[];
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The endpoint with a new secret, made if the tenant had none. */
export async function saveEndpoint(tx: Tx, tenantId: string, e: EndpointValues): Promise<void> {
  const at = new Date();
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO webhook_endpoints (tenant_id, url, events, secret_encrypted, previous_secret_encrypted, previous_secret_expires_at, created_at, updated_at)
    VALUES (${tenantId}, ${e.url}, ${[...e.events]}::text[], ${e.secretEncrypted}, ${e.previousSecretEncrypted}, ${e.previousSecretExpiresAt}, ${at}, ${at})
    ON CONFLICT (tenant_id) DO UPDATE SET url = EXCLUDED.url, events = EXCLUDED.events, secret_encrypted = EXCLUDED.secret_encrypted,
      previous_secret_encrypted = EXCLUDED.previous_secret_encrypted, previous_secret_expires_at = EXCLUDED.previous_secret_expires_at,
      updated_at = EXCLUDED.updated_at`);
}
