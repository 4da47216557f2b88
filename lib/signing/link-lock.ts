// Caps on one signing link's codes (decisions §15): 5 codes an hour and 10 in all, 15 wrong entries
// in all; past that the link is locked (event `link_kilitlendi`) until the institution resends it.
// Counted from the database (codes and their wrong entries since the consent's last turn: a resend or
// a signature, lib/db/signing.ts), so the caps hold across restarts and instances, and follow the
// service clock; a completed consent's link can ask for a code again whatever came before.
//
// A completed consent's link (withdrawal and the signed copy, decisions §18, §19) cannot be sent again
// by the institution, so a stranger holding it must not lock the person out for good (issue #49): its
// lock ends by itself after LOCK_BASE_MS, doubled for each further lock since the signature (at most
// LOCK_MAX_MS), and the codes and wrong entries are then counted afresh — a new code opens it again,
// while a guesser gets 15 tries per period, fewer and fewer periods a day.
import type { Tx } from "@/lib/db";
import { codesSinceResend } from "@/lib/db/signing";
import { AppError } from "@/lib/errors";

const CODES_PER_HOUR = 5;
export const CODES_IN_ALL = 10;
export const WRONG_IN_ALL = 15;
const HOUR_MS = 3_600_000;

/** A completed consent's link: the first lock's length, and the longest. */
const LOCK_BASE_MS = 15 * 60_000;
const LOCK_MAX_MS = 24 * HOUR_MS;

interface LinkLimits {
  /** codes sent since the last resend (or creation; a completed consent's: since its last lock) */
  codes: number;
  /** wrong entries counted with them */
  wrong: number;
  /** a `link_kilitlendi` since the last resend (a completed consent's: one still in force) */
  locked: boolean;
  /** a completed consent's lock: seconds until it ends; 0 for a lock only a resend opens */
  lockWait: number;
  /** codes count from here: a code made before it (before the last lock) is not entered any more */
  since: Date | null;
  /** a completed consent's link: seconds the lock recorded next would last (0: until a resend) */
  nextLockWait: number;
  /** seconds until another code fits in the hourly cap (0 = now) */
  hourlyWait: number;
}

/** How long the n-th lock since the signature lasts (n ≥ 1). */
function lockLength(n: number): number {
  return Math.min(LOCK_BASE_MS * 2 ** Math.min(Math.max(n - 1, 0), 20), LOCK_MAX_MS);
}

/**
 * Call under the consent's row lock (lockOpenConsent), so concurrent requests count each other.
 * `completed`: the link of a completed consent, whose locks end by themselves.
 */
export async function linkLimits(tx: Tx, consentId: string, at: Date, { completed = false } = {}): Promise<LinkLimits> {
  // More than the caps ever allow since a resend; a bound, not a rule.
  const rows = await codesSinceResend(tx, consentId, CODES_IN_ALL + 5, completed);
  const codes = rows.filter((r): r is typeof r & { createdAt: Date; attempts: number } => r.createdAt !== null);
  const lastHour = codes.filter((c) => at.getTime() - c.createdAt.getTime() < HOUR_MS);
  const oldest = lastHour[CODES_PER_HOUR - 1];
  const hourlyWait = lastHour.length >= CODES_PER_HOUR && oldest ? Math.max(1, Math.ceil((oldest.createdAt.getTime() + HOUR_MS - at.getTime()) / 1000)) : 0;
  const locks = rows[0]?.locks ?? 0;
  const lockedAt = rows[0]?.lockedAt ? new Date(rows[0].lockedAt) : null;
  const lockEnds = completed && lockedAt ? lockedAt.getTime() + lockLength(locks) : 0;
  const lockWait = lockEnds > at.getTime() ? Math.ceil((lockEnds - at.getTime()) / 1000) : 0;
  return {
    codes: codes.length,
    wrong: codes.reduce((n, c) => n + c.attempts, 0),
    locked: completed ? lockWait > 0 : locks > 0,
    lockWait,
    since: completed ? lockedAt : null,
    nextLockWait: completed ? lockLength(locks + 1) / 1000 : 0,
    hourlyWait,
  };
}

/**
 * 429 for a locked link. With `wait` (a completed consent's link) it says when to try again;
 * without, the institution has to send the link again.
 */
export function linkLockedError(wait = 0): AppError {
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return new AppError(
      "rate_limited",
      `Bu bağlantı çok sayıda kod isteği ya da hatalı giriş nedeniyle geçici olarak kilitlendi; ${minutes} dakika sonra yeni bir kod isteyin. / This link is locked for now after too many codes or wrong entries; ask for a new code in ${minutes} minutes.`,
      undefined,
      { retry_after: wait, reason: "link_locked" },
    );
  }
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
