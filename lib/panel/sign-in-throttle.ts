// Failed panel sign-ins per client address: after MAX_FAILURES_PER_IP in a 15-minute window every
// sign-in from that address is refused, without checking the password, until the window ends. The
// per-account lockout (verify-credentials.ts) stops guessing at one account; this stops spraying
// passwords across many. A successful sign-in does not reset the count. Addresses are stored only as
// keyed digests.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { hmacHex } from "@/lib/crypto";

export const MAX_FAILURES_PER_IP = 20;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

const digest = (ip: string) => hmacHex(env().APP_SECRET, `sign-in-ip:${ip}`);

/** When the address may try again, or null if it may now. */
export async function signInBlockedUntil(ip: string, at: Date): Promise<Date | null> {
  const row = await db().signInThrottle.findUnique({ where: { ipDigest: digest(ip) } });
  if (!row || row.failures < MAX_FAILURES_PER_IP) return null;
  const until = new Date(row.windowStart.getTime() + THROTTLE_WINDOW_MS);
  return until > at ? until : null;
}

export async function recordFailedSignIn(ip: string, at: Date): Promise<void> {
  const prisma = db();
  // Windows that ended are removed first, so the upsert below starts a new one.
  await prisma.signInThrottle.deleteMany({ where: { windowStart: { lte: new Date(at.getTime() - THROTTLE_WINDOW_MS) } } });
  const ipDigest = digest(ip);
  // One statement (INSERT … ON CONFLICT): concurrent failures each count.
  await prisma.signInThrottle.upsert({
    where: { ipDigest },
    create: { ipDigest, windowStart: at, failures: 1 },
    update: { failures: { increment: 1 } },
  });
}
