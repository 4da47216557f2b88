// One SMS unit per link SMS (decisions §11), charged in the transaction that records the consent
// or the resend. The decrement is a single conditional UPDATE, so concurrent creates can never take
// the balance below zero (a CHECK constraint backs this up).
import type { Tx } from "@/lib/db";
import { returnSmsUnits, takeSmsUnit } from "@/lib/db/quota";
import { AppError } from "@/lib/errors";

type Reason = "consent_create" | "consent_resend" | "consent_reminder";

/** Charges one unit; returns the units charged (0 for an unlimited tenant) or throws 402 quota_exhausted. */
export async function chargeSmsUnit(tx: Tx, tenantId: string, consentId: string, reason: Reason, actor: string): Promise<number> {
  const { charged, unlimited } = await takeSmsUnit(tx, tenantId, consentId, reason, actor);
  if (charged) return 1;
  if (unlimited) return 0;
  throw new AppError("quota_exhausted", "SMS kontörü tükendi; SMS gönderilmeden (sms_gonder: false) oluşturabilir ya da kontör yükleyebilirsiniz.");
}

/** Gives back units charged for an SMS the provider did not accept. */
export async function refundSmsUnits(tx: Tx, tenantId: string, consentId: string | null, units: number): Promise<void> {
  if (units <= 0) return;
  await returnSmsUnits(tx, tenantId, consentId, units);
}
