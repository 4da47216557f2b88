// Locks a consent row for the rest of the transaction and tells what the signing link may still do.
import { Prisma } from "@prisma/client";
import type { RawTx } from "@/lib/db";

async function lockRow(tx: RawTx, tenantId: string, id: string) {
  const rows = await tx.$queryRaw<{ status: string; expires_at: Date; purged_at: Date | null }[]>(
    Prisma.sql`SELECT status, expires_at, purged_at FROM consents WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`,
  );
  return rows[0];
}

export async function lockOpenConsent(tx: RawTx, tenantId: string, id: string, at: Date): Promise<boolean> {
  const row = await lockRow(tx, tenantId, id);
  return !!row && row.status === "sent" && new Date(row.expires_at) > at;
}

/**
 * For a code request or entry on the link: "open" (to sign or decline), "withdrawable" (a signed
 * consent the person may withdraw after a new code, decisions §18), or null (nothing left to do).
 */
export async function lockActionableConsent(tx: RawTx, tenantId: string, id: string, at: Date): Promise<"open" | "withdrawable" | null> {
  const row = await lockRow(tx, tenantId, id);
  if (!row) return null;
  if (row.status === "sent" && new Date(row.expires_at) > at) return "open";
  if (row.status === "completed" && row.purged_at === null) return "withdrawable";
  return null;
}
