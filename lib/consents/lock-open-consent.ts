// Locks a consent row for the rest of the transaction and tells what the signing link may still do.
import type { Tx } from "@/lib/db";
import { lockConsent } from "@/lib/db/consents";

export async function lockOpenConsent(tx: Tx, tenantId: string, id: string, at: Date): Promise<boolean> {
  const row = await lockConsent(tx, tenantId, id);
  return !!row && row.status === "sent" && row.expiresAt > at;
}

/**
 * For a code request or entry on the link: "open" (to sign or decline), "withdrawable" (a signed
 * consent the person may withdraw after a new code, decisions §18), or null (nothing left to do).
 */
export async function lockActionableConsent(tx: Tx, tenantId: string, id: string, at: Date): Promise<"open" | "withdrawable" | null> {
  const row = await lockConsent(tx, tenantId, id);
  if (!row) return null;
  if (row.status === "sent" && row.expiresAt > at) return "open";
  if (row.status === "completed" && row.purgedAt === null) return "withdrawable";
  return null;
}
