// The SMS quota (decisions §11): a tenant's balance and its ledger, changed only inside a transaction
// and always together. Every statement here is SQL on the caller's `tx`.
import { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/db";
import { assignments } from "@/lib/db/columns";

type QuotaReason = "consent_create" | "consent_resend" | "consent_reminder" | "sms_failed_refund" | "admin_set" | "admin_unlimited";

/**
 * One unit off a limited tenant's balance and its ledger entry, in one conditional statement, so that
 * concurrent charges can never take the balance below zero (a CHECK constraint backs this up).
 * `charged` false: no unit was taken, and `unlimited` says whether none was needed (null: no tenant).
 */
export async function takeSmsUnit(tx: Tx, tenantId: string, consentId: string, reason: QuotaReason, actor: string): Promise<{ charged: boolean; unlimited: boolean | null }> {
  const at = new Date();
  const [row] = await tx.$queryRaw<{ charged: boolean; unlimited: boolean | null }[]>(Prisma.sql`
    WITH t AS (
      UPDATE tenants SET quota_remaining = quota_remaining - 1, updated_at = ${at}
      WHERE id = ${tenantId} AND NOT quota_unlimited AND quota_remaining > 0
      RETURNING quota_remaining
    ), entry AS (
      INSERT INTO quota_ledger (tenant_id, consent_id, delta, reason, balance_after, actor, created_at)
      SELECT ${tenantId}, ${consentId}, -1, ${reason}, quota_remaining, ${actor}, ${at} FROM t
    )
    SELECT EXISTS (SELECT 1 FROM t) AS charged, (SELECT quota_unlimited FROM tenants WHERE id = ${tenantId}) AS unlimited`);
  return row ?? { charged: false, unlimited: null };
}

/** Gives `units` back to the tenant's balance, with its ledger entry. */
export async function returnSmsUnits(tx: Tx, tenantId: string, consentId: string | null, units: number): Promise<void> {
  const at = new Date();
  await tx.$executeRaw(Prisma.sql`
    WITH t AS (
      UPDATE tenants SET quota_remaining = quota_remaining + ${units}, updated_at = ${at}
      WHERE id = ${tenantId}
      RETURNING quota_remaining
    )
    INSERT INTO quota_ledger (tenant_id, consent_id, delta, reason, balance_after, actor, created_at)
    SELECT ${tenantId}, ${consentId}, ${units}, ${"sms_failed_refund" satisfies QuotaReason}, quota_remaining, 'system', ${at} FROM t`);
}

interface TenantQuota {
  quotaRemaining: number;
  quotaUnlimited: boolean;
  /** the last day of the licence, at UTC midnight */
  licenseEnds: Date | null;
}

/**
 * Sets the tenant's balance, its unlimited flag or its licence end (`YYYY-MM-DD`), as given, and
 * returns the quota as it then stands; undefined when there is no such tenant.
 */
export async function updateTenantQuota(
  tx: Tx,
  tenantId: string,
  values: { quotaRemaining?: number; quotaUnlimited?: boolean; licenseEnds?: string },
): Promise<TenantQuota | undefined> {
  // license_ends is a date: read as text, since drivers parse dates in the process's local zone.
  const [row] = await tx.$queryRaw<(Omit<TenantQuota, "licenseEnds"> & { licenseEnds: string | null })[]>(Prisma.sql`
    UPDATE tenants SET ${assignments("Tenant", { ...values, updatedAt: new Date() })}
    WHERE id = ${tenantId}
    RETURNING quota_remaining AS "quotaRemaining", quota_unlimited AS "quotaUnlimited", license_ends::text AS "licenseEnds"`);
  return row && { ...row, licenseEnds: row.licenseEnds === null ? null : new Date(`${row.licenseEnds}T00:00:00Z`) };
}

/** One ledger entry (an administrative change; a charge or a refund writes its own). */
export async function insertQuotaEntry(tx: Tx, e: { tenantId: string; delta: number; reason: QuotaReason; balanceAfter: number; actor: string }): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO quota_ledger (tenant_id, delta, reason, balance_after, actor, created_at)
    VALUES (${e.tenantId}, ${e.delta}, ${e.reason}, ${e.balanceAfter}, ${e.actor}, ${new Date()})`);
}
