// Locks a consent row for the rest of the transaction and tells whether it is still open.
import { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/db";

export async function lockOpenConsent(tx: Tx, tenantId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx.$queryRaw<{ status: string; expires_at: Date }[]>(
    Prisma.sql`SELECT status, expires_at FROM consents WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`,
  );
  const row = rows[0];
  return !!row && row.status === "sent" && new Date(row.expires_at) > at;
}
