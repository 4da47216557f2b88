// The names behind evidence actors (`panel:<user id>`, `api:<key id>`), for the panel's pages: the
// tenant's users and API keys only, in one statement, so that an actor id from another tenant (which
// a consent of this tenant never holds, but a bug might) names no one.
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";

/** `{ kind: "panel" | "api", id, name }` for the given ids that are this tenant's. */
export async function actorNames(tenantId: string, userIds: readonly string[], keyIds: readonly string[]): Promise<{ kind: "panel" | "api"; id: string; name: string }[]> {
  if (userIds.length === 0 && keyIds.length === 0) return [];
  return sqlRows(Prisma.sql`
    SELECT 'panel' AS kind, id, COALESCE(NULLIF(btrim(name), ''), email) AS name
      FROM users WHERE tenant_id = ${tenantId} AND id = ANY(${[...userIds]}::text[])
    UNION ALL
    SELECT 'api' AS kind, id, name
      FROM api_keys WHERE tenant_id = ${tenantId} AND id = ANY(${[...keyIds]}::text[])`);
}
