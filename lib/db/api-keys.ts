// API keys: the lookup every /v1 call makes, on the driver (lib/db.ts sqlRows says why), and the
// keys' life: made, listed for the owner, revoked, last used.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

const KEY_FIELDS = ["id", "name", "scopes", "secretDigest", "revokedAt", "tenantId"] as const;
const apiKeyColumns = columnsAs("ApiKey", KEY_FIELDS);

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  secretDigest: string;
  revokedAt: Date | null;
  tenantId: string;
}

export async function apiKeyRow(id: string): Promise<ApiKeyRow | undefined> {
  const [key] = await sqlRows<ApiKeyRow>(Prisma.sql`SELECT ${apiKeyColumns} FROM api_keys WHERE id = ${id}`);
  return key;
}

/** The key, and what a hot read will need once the key admits it (see `apiKeyWith`). */
export interface KeyAndRow<T> {
  key: ApiKeyRow | undefined;
  /** null when the key is unknown or its tenant has no such row */
  row: T | null;
}

const KEY_PREFIX = "key.";
const FOUND = "row.found";
const prefixedKeyColumns = columnsAs("ApiKey", KEY_FIELDS, "k", KEY_PREFIX);

/**
 * The key and, in the same round trip, the row `tenantRow` selects for the key's tenant (given as
 * SQL): for the integrators' polling reads, which would otherwise wait for a second round trip
 * after the key's. The row is read before the key is checked; the caller serves it only once the
 * key has admitted the request.
 */
export async function apiKeyWith<T>(id: string, tenantRow: (tenantId: Prisma.Sql) => Prisma.Sql): Promise<KeyAndRow<T>> {
  const [found] = await sqlRows<Record<string, unknown>>(Prisma.sql`
    SELECT ${prefixedKeyColumns}, r.*
    FROM api_keys k LEFT JOIN LATERAL (SELECT true AS "${Prisma.raw(FOUND)}", s.* FROM (${tenantRow(Prisma.raw("k.tenant_id"))}) s) r ON true
    WHERE k.id = ${id}`);
  if (!found) return { key: undefined, row: null };
  const key: Record<string, unknown> = {};
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(found)) {
    if (name.startsWith(KEY_PREFIX)) key[name.slice(KEY_PREFIX.length)] = value;
    else if (name !== FOUND) row[name] = value;
  }
  return { key: key as unknown as ApiKeyRow, row: found[FOUND] ? (row as T) : null };
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
