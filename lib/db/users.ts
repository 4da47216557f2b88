// Panel users: the statements Prisma's query builder cannot express.
import { Prisma } from "@prisma/client";
import type { RawTx } from "@/lib/db";

/** Locks the tenant's active owners for the rest of the transaction and returns their ids. */
export async function lockActiveOwners(tx: RawTx, tenantId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM users WHERE tenant_id = ${tenantId} AND role = 'owner' AND disabled_at IS NULL FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}
