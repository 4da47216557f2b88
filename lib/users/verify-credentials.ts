// Panel sign-in: e-mail + password against the argon2id hash, with a lockout after repeated failures
// (issue 7: 5 wrong passwords lock the account for 15 minutes) and a limit per client address
// (sign-in-throttle.ts). A user with two-factor sign-in (issue #42) also gives a code; a wrong code
// counts like a wrong password, towards both limits.
import { verify } from "@node-rs/argon2";
import { clearFailedLogins, countFailedLogin, lockAfterFailedLogins, signInCandidates } from "@/lib/db/users";
import { now } from "@/lib/clock";
import { recordFailedSignIn, signInBlockedUntil } from "@/lib/users/sign-in-throttle";
import { verifySecondFactor } from "@/lib/users/verify-second-factor";
import { hashPassword } from "@/lib/users/create-user";

const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;

/** A hash made as users' are (the same cost), so that an unknown e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

type CredentialCheck =
  | { ok: true; userId: string; tenantId: string; email: string; name: string | null; sessionVersion: number; secondFactor: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; lockedUntil: Date }
  | { ok: false; reason: "throttled"; until: Date }
  /** the password was right and the account signs in with a code: ask for it (not counted as a failure) */
  | { ok: false; reason: "code_required" }
  | { ok: false; reason: "code_invalid" };

/**
 * `ip`: the client's address (lib/server/client-ip.ts). Every refusal but "throttled" and
 * "code_required" counts against it. `code`: the second factor, for users who have one.
 */
export async function verifyCredentials(emailInput: string, password: string, ip: string, code = ""): Promise<CredentialCheck> {
  const at = now();
  const until = await signInBlockedUntil(ip, at);
  if (until) return { ok: false, reason: "throttled", until };
  const result = await checkPassword(emailInput, password, at);
  if (!result.ok) {
    await recordFailedSignIn(ip, at);
    return result;
  }
  if (!result.secondFactor) return result;
  if (!code.trim()) return { ok: false, reason: "code_required" };
  if (!(await verifySecondFactor(result.tenantId, result.userId, code.trim(), at))) {
    await recordFailedSignIn(ip, at);
    await countWrongGuess(result.userId, at);
    return { ok: false, reason: "code_invalid" };
  }
  await markSignedIn(result.userId, at, true);
  return result;
}

async function checkPassword(emailInput: string, password: string, at: Date): Promise<CredentialCheck> {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password || email.length > 254 || password.length > 256) return { ok: false, reason: "invalid" };
  return checkUserPassword({ email }, password, at, { signIn: true });
}

/** At most this many accounts share one e-mail (one per tenant); more are not tried at sign-in. */
const MAX_ACCOUNTS_PER_EMAIL = 5;

async function dummyVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword("not a real password");
  await verify(await dummyHash, password).catch(() => false);
}

/** A success: the failures forgotten (and, at sign-in, its time recorded). */
async function markSignedIn(userId: string, at: Date, signIn: boolean): Promise<void> {
  await clearFailedLogins(userId, signIn ? at : undefined);
}

/** One wrong guess (a password or a second-factor code) against an account; the fifth locks it. Returns when it is locked until, if it now is. */
async function countWrongGuess(userId: string, at: Date, keepSid: string | null = null): Promise<Date | null> {
  if ((await countFailedLogin(userId)) < MAX_FAILED_LOGINS) return null;
  const lockedUntil = new Date(at.getTime() + LOCK_MS);
  // The lock ends the user's sessions (issue #49), but for the one whose password asked again was guessed.
  await lockAfterFailedLogins(userId, MAX_FAILED_LOGINS, lockedUntil, keepSid);
  return lockedUntil;
}

/**
 * The password of a user (by e-mail at sign-in, by id for a step-up), under the one lockout: a wrong
 * one counts towards it wherever it was typed. `signIn` records the sign-in time on success — except
 * for a user with two-factor sign-in, whose failures are forgotten only once the code is right too
 * (secondFactor: true), so that guessing codes with a known password still locks the account.
 *
 * An e-mail is unique within a tenant only, so at sign-in it may name accounts at several clinics:
 * the password tells them apart (the first account it opens, most recently signed-in first), and a
 * password that opens none counts as a wrong one against each of them that is not locked.
 */
export async function checkUserPassword(where: { email: string } | { id: string }, password: string, at: Date, opts: { signIn: boolean; keepSid?: string | null }): Promise<CredentialCheck> {
  if (!password || password.length > 256) return { ok: false, reason: "invalid" };
  const users = await signInCandidates(where, MAX_ACCOUNTS_PER_EMAIL);
  // While locked, the password is not checked (guessing on gains nothing).
  const open = users.filter((u) => !(u.lockedUntil && u.lockedUntil > at));
  if (open.length === 0) {
    // Hash anyway, so an unknown address or a locked account costs as much as a wrong password (no account probing).
    await dummyVerify(password);
    const locked = users.find((u) => u.lockedUntil)?.lockedUntil;
    return locked ? { ok: false, reason: "locked", lockedUntil: locked } : { ok: false, reason: "invalid" };
  }
  for (const user of open) {
    if (await verify(user.passwordHash, password).catch(() => false)) {
      const secondFactor = opts.signIn && user.totpEnabledAt !== null;
      if (!secondFactor) await markSignedIn(user.id, at, opts.signIn);
      return { ok: true, userId: user.id, tenantId: user.tenantId, email: user.email, name: user.name, sessionVersion: user.sessionVersion, secondFactor };
    }
  }
  let lockedUntil: Date | null = null;
  for (const user of open) lockedUntil = (await countWrongGuess(user.id, at, opts.keepSid ?? null)) ?? lockedUntil;
  return lockedUntil ? { ok: false, reason: "locked", lockedUntil } : { ok: false, reason: "invalid" };
}
