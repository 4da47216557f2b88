// decisions §15: OTP messages to one phone number, at most 10 an hour across all tenants. Of those a
// tenant may spend at most half: one clinic (or one integrator creating consents for a number) cannot
// use up the hour and keep another clinic's patient from a code. Counted by the shared rate limits,
// failing closed while Redis is configured but down (more instances must not mean more codes).
import { clockOffsetMs } from "@/lib/clock";
import { hit, peek } from "@/lib/limits/rate-limit";

export const OTP_SMS_PER_PHONE_PER_HOUR = 10;
export const OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR = 5;
const HOUR_S = 3600;

/** The hour of the service clock is part of the bucket so that a test clock moved by hours (TEST_CLOCK) counts as hours passing; in production the offset is always 0. */
const hourOf = () => Math.floor(clockOffsetMs() / 3_600_000);

/** Spends one of the phone's codes for this tenant, or says how long to wait. Throws 503 when the limits cannot be counted. */
export async function spendPhoneOtp(tenantId: string, phone: string): Promise<{ allowed: true } | { allowed: false; wait: number }> {
  const all = `otp-phone:${phone}:${hourOf()}`;
  // The shared budget first, without spending: a tenant refused by it keeps its own share.
  const shared = await peek(all, OTP_SMS_PER_PHONE_PER_HOUR, HOUR_S, { failClosed: true });
  if (!shared.allowed) return { allowed: false, wait: shared.reset };
  const own = await hit(`otp-phone-tenant:${tenantId}:${phone}:${hourOf()}`, OTP_SMS_PER_PHONE_PER_TENANT_PER_HOUR, HOUR_S, { failClosed: true });
  if (!own.allowed) return { allowed: false, wait: own.reset };
  const spent = await hit(all, OTP_SMS_PER_PHONE_PER_HOUR, HOUR_S, { failClosed: true });
  return spent.allowed ? { allowed: true } : { allowed: false, wait: spent.reset };
}
