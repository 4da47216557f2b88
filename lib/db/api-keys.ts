// API keys: the lookup every /v1 call makes, on the driver (lib/db.ts sqlRows says why), and the
// keys' life: made, listed for the owner, revoked, last used.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

const apiKeyColumns = columnsAs("ApiKey", ["id", "name", "scopes", "secretDigest", "revokedAt", "tenantId"]);

export async function apiKeyRow(id: string) {
  const [key] = await sqlRows<{ id: string; name: string; scopes: string[]; secretDigest: string; revokedAt: Date | null; tenantId: string }>(
    Prisma.sql`SELECT ${apiKeyColumns} FROM api_keys WHERE id = ${id}`,
  );
  return key;
}

export async function insertApiKey(k: { id: string; tenantId: string; name: string; secretDigest: string; scopes: string[]; createdBy: string | null }): Promise<void> {
  await db().apiKey.create({ data: k });
}

/** The tenant's keys for the owner's page, newest first: never the secret (only its digest exists). */
export function listTenantApiKeys(tenantId: string) {
  return db().apiKey.findMany({
    where: { tenantId },
    select: { id: true, name: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
}

/**
 * Revokes the key unless it is revoked already (conditional, so concurrent revokes agree on one
 * time) and returns its revocation time; undefined when there is no such key (of the tenant, with
 * `tenantId`; the operator's command line revokes any).
 */
export async function revokeApiKeyRow(id: string, tenantId: string | undefined, at: Date): Promise<{ id: string; revokedAt: Date | null } | undefined> {
  const where = { id, ...(tenantId !== undefined ? { tenantId } : {}) };
  await db().apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: at } });
  return (await db().apiKey.findFirst({ where, select: { id: true, revokedAt: true } })) ?? undefined;
}

export async function touchApiKey(id: string, at: Date): Promise<void> {
  await db().apiKey.update({ where: { id }, data: { lastUsedAt: at } });
}
