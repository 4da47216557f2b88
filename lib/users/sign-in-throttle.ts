// Failed panel sign-ins per client address: after MAX_FAILURES_PER_IP in a 15-minute window every
// sign-in from that address is refused, without checking the password, until the window ends. The
// per-account lockout (verify-credentials.ts) stops guessing at one account; this stops spraying
// passwords across many. A successful sign-in does not reset the count. Counted by the service's one
// rate-limit mechanism (lib/limits/rate-limit.ts: Redis with REDIS_URL, so every instance shares it),
// under a keyed digest of the address. While REDIS_URL is set and Redis is down the check fails
// closed (503): counted per instance, the limit would grow with the number of instances.
import { hit, peek } from "@/lib/limits/rate-limit";

export const MAX_FAILURES_PER_IP = 20;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const WINDOW_S = THROTTLE_WINDOW_MS / 1000;

const bucket = (ip: string) => `sign-in-failures:${ip}`;

/** When the address may try again, or null if it may now. */
export async function signInBlockedUntil(ip: string, at: Date): Promise<Date | null> {
  const r = await peek(bucket(ip), MAX_FAILURES_PER_IP, WINDOW_S, { failClosed: true });
  return r.allowed ? null : new Date(at.getTime() + r.reset * 1000);
}

export async function recordFailedSignIn(ip: string, _at: Date): Promise<void> {
  await hit(bucket(ip), MAX_FAILURES_PER_IP, WINDOW_S, { failClosed: true });
}
