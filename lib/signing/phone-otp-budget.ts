// decisions §15: OTP messages to one phone number, at most 10 an hour across all tenants. Of those a
// tenant may spend at most 5 (a link's hourly 5): one clinic, or one integrator creating consents for a
// number, cannot use up the hour. Nor can two together (issue #49: 5 + 5 did): the last
// RESERVED_FOR_OTHERS of the 10 go only to a tenant's first code of the hour, so whatever two tenants
// spend, another clinic's patient still gets a code. A refusal by the phone's budget answers as the
// tenant's own share would (reason and wording are the same, its wait is counted on the tenant's own
// hour, a full hour when it sent none), so it tells a tenant nothing about codes sent for others.
// Counted by the shared rate limits, failing closed while Redis is configured but down (more
// instances must not mean more codes).
import { clockOffsetMs } from "@/lib/clock";
import { hit, peek } from "@/lib/limits/rate-limit";

const OTP_SMS_PER_PHONE_PER_HOUR = 10;
export const OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR = 5;
/** Codes of the phone's hour that only a tenant's first code of the hour may take. */
export const RESERVED_FOR_OTHERS = 2;
const HOUR_S = 3600;

/** The hour of the service clock is part of the bucket so that a test clock moved by hours (TEST_CLOCK) counts as hours passing; in production the offset is always 0. */
const hourOf = () => Math.floor(clockOffsetMs() / 3_600_000);

/** Spends one of the phone's codes for this tenant, or says how long to wait. Throws 503 when the limits cannot be counted. */
export async function spendPhoneOtp(tenantId: string, phone: string): Promise<{ allowed: true } | { allowed: false; wait: number }> {
  const all = `otp-phone:${phone}:${hourOf()}`;
  const mine = `otp-phone-tenant:${tenantId}:${phone}:${hourOf()}`;
  // The shared budget first, without spending: a tenant refused by it keeps its own share.
  const [shared, own] = [
    await peek(all, OTP_SMS_PER_PHONE_PER_HOUR, HOUR_S, { failClosed: true }),
    await peek(mine, OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR, HOUR_S, { failClosed: true }),
  ];
  const spentByAll = OTP_SMS_PER_PHONE_PER_HOUR - shared.remaining;
  const spentByMe = OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR - own.remaining;
  const reserved = spentByMe > 0 && spentByAll >= OTP_SMS_PER_PHONE_PER_HOUR - RESERVED_FOR_OTHERS;
  if (!shared.allowed || reserved) return { allowed: false, wait: own.reset };
  const spentOwn = await hit(mine, OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR, HOUR_S, { failClosed: true });
  if (!spentOwn.allowed) return { allowed: false, wait: spentOwn.reset };
  const spent = await hit(all, OTP_SMS_PER_PHONE_PER_HOUR, HOUR_S, { failClosed: true });
  return spent.allowed ? { allowed: true } : { allowed: false, wait: spentOwn.reset };
}
