// SMS one-time codes (decisions §7): 6 digits, valid 5 minutes, 5 wrong entries lock the code,
// a new code at most every 60 seconds. Codes are stored only as keyed digests.
import { createHmac, randomInt } from "node:crypto";
import { safeEqual } from "@/lib/crypto";

const OTP_DIGITS = 6;
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_MS = 60_000;
/** how long a verified code lets its browser sign or decline */
export const SESSION_TTL_MS = 30 * 60_000;

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
}

/** Bound to the consent, so a digest leaked from one consent says nothing about another's code. */
export function hashOtp(secret: string, consentId: string, code: string): string {
  return createHmac("sha256", secret).update(`otp:v1:${consentId}:${code}`).digest("hex");
}

export function otpMatches(secret: string, consentId: string, code: string, storedHash: string): boolean {
  return /^\d{6}$/.test(code) && safeEqual(hashOtp(secret, consentId, code), storedHash);
}

type OtpState = "usable" | "expired" | "locked" | "used";

export function otpState(code: { attempts: number; expiresAt: Date; verifiedAt: Date | null }, at: Date): OtpState {
  if (code.verifiedAt) return "used";
  if (code.attempts >= OTP_MAX_WRONG) return "locked";
  if (code.expiresAt <= at) return "expired";
  return "usable";
}

/** Seconds until a new code may be sent (0 = now). */
export function resendWaitSeconds(lastSentAt: Date | null, at: Date): number {
  if (!lastSentAt) return 0;
  return Math.max(0, Math.ceil((lastSentAt.getTime() + OTP_RESEND_MS - at.getTime()) / 1000));
}
