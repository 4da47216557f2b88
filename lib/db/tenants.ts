// Tenants: the row lock a quota change takes.
import type { RawTx } from "@/lib/db";
import { Prisma } from "@prisma/client";

/**
 * Locks the tenant's row for the rest of the transaction and returns its quota as it stands: a
 * consent create consuming a unit between a read and a write would otherwise make a ledger delta wrong.
 */
export async function lockTenantQuota(tx: RawTx, tenantId: string): Promise<{ remaining: number } | undefined> {
  const rows = await tx.$queryRaw<{ remaining: number }[]>(Prisma.sql`SELECT quota_remaining AS remaining FROM tenants WHERE id = ${tenantId} FOR UPDATE`);
  return rows[0];
}
