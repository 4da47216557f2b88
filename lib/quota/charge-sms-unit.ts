// One SMS unit per link SMS (decisions §11), charged in the transaction that records the consent
// or the resend. The decrement is a single conditional UPDATE, so concurrent creates can never take
// the balance below zero (a CHECK constraint backs this up).
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";

type Reason = "consent_create" | "consent_resend" | "consent_reminder";

/** Charges one unit; returns the units charged (0 for an unlimited tenant) or throws 402 quota_exhausted. */
export async function chargeSmsUnit(tx: Tx, tenantId: string, consentId: string, reason: Reason, actor: string): Promise<number> {
  const rows = await tx.tenant.updateManyAndReturn({
    where: { id: tenantId, quotaUnlimited: false, quotaRemaining: { gt: 0 } },
    data: { quotaRemaining: { decrement: 1 } },
    select: { quotaRemaining: true },
  });
  const after = rows[0];
  if (after) {
    await tx.quotaLedgerEntry.create({
      data: { tenantId, consentId, delta: -1, reason, balanceAfter: after.quotaRemaining, actor },
    });
    return 1;
  }
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { quotaUnlimited: true } });
  if (tenant?.quotaUnlimited) return 0;
  throw new AppError("quota_exhausted", "SMS kontörü tükendi; SMS gönderilmeden (sms_gonder: false) oluşturabilir ya da kontör yükleyebilirsiniz.");
}

/** Gives back units charged for an SMS the provider did not accept. */
export async function refundSmsUnits(tx: Tx, tenantId: string, consentId: string | null, units: number): Promise<void> {
  if (units <= 0) return;
  const t = await tx.tenant.update({
    where: { id: tenantId },
    data: { quotaRemaining: { increment: units } },
    select: { quotaRemaining: true },
  });
  await tx.quotaLedgerEntry.create({
    data: { tenantId, consentId, delta: units, reason: "sms_failed_refund", balanceAfter: t.quotaRemaining, actor: "system" },
  });
}
