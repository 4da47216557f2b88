// Caps on one signing link's codes (decisions §15): 5 codes an hour and 10 in all, 15 wrong entries
// in all; past that the link is locked (event `link_kilitlendi`) until the institution resends it.
// Counted from the database (codes and their wrong entries since the consent's last turn: a resend or
// a signature, lib/db/signing.ts), so the caps hold across restarts and instances, and follow the
// service clock; a completed consent's link can ask for a code again whatever came before.
import type { RawTx } from "@/lib/db";
import { codesSinceResend } from "@/lib/db/signing";
import { AppError } from "@/lib/errors";

export const CODES_PER_HOUR = 5;
export const CODES_IN_ALL = 10;
export const WRONG_IN_ALL = 15;
const HOUR_MS = 3_600_000;

export interface LinkLimits {
  /** codes sent since the last resend (or creation) */
  codes: number;
  /** wrong entries since the last resend */
  wrong: number;
  /** a `link_kilitlendi` since the last resend */
  locked: boolean;
  /** seconds until another code fits in the hourly cap (0 = now) */
  hourlyWait: number;
}

/** Call under the consent's row lock (lockOpenConsent), so concurrent requests count each other. */
export async function linkLimits(tx: RawTx, consentId: string, at: Date): Promise<LinkLimits> {
  // More than the caps ever allow since a resend; a bound, not a rule.
  const rows = await codesSinceResend(tx, consentId, CODES_IN_ALL + 5);
  const codes = rows.filter((r): r is typeof r & { createdAt: Date; attempts: number } => r.createdAt !== null);
  const lastHour = codes.filter((c) => at.getTime() - c.createdAt.getTime() < HOUR_MS);
  const oldest = lastHour[CODES_PER_HOUR - 1];
  const hourlyWait = lastHour.length >= CODES_PER_HOUR && oldest ? Math.max(1, Math.ceil((oldest.createdAt.getTime() + HOUR_MS - at.getTime()) / 1000)) : 0;
  return { codes: codes.length, wrong: codes.reduce((n, c) => n + c.attempts, 0), locked: rows[0]?.locked ?? false, hourlyWait };
}

/** 429 for a locked link: no time to wait for, the institution has to send the link again. */
export function linkLockedError(): AppError {
  return new AppError(
    "rate_limited",
    "Bu bağlantı çok sayıda kod isteği ya da hatalı giriş nedeniyle kilitlendi; kurumla iletişime geçin. / This link is locked after too many codes or wrong entries; please contact the institution.",
    undefined,
    { reason: "link_locked" },
  );
}

/** 429 for a code asked too soon (60 s between codes, 5 an hour, 10 an hour to one phone). */
export function tooSoonError(wait: number, reason: "otp_wait" | "otp_hourly" | "phone_hourly"): AppError {
  return new AppError(
    "rate_limited",
    `Yeni kod için ${wait} saniye bekleyin. / Please wait ${wait} seconds before asking for a new code.`,
    undefined,
    { retry_after: wait, reason },
  );
}
