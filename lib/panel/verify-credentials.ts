// Panel sign-in: e-mail + password against the argon2id hash, with a lockout after repeated failures
// (issue 7: 5 wrong passwords lock the account for 15 minutes) and a limit per client address
// (sign-in-throttle.ts).
import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { recordFailedSignIn, signInBlockedUntil } from "@/lib/panel/sign-in-throttle";

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;

// Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;
let dummyHash: Promise<string> | undefined;

export type CredentialCheck =
  | { ok: true; userId: string; email: string; name: string | null }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; lockedUntil: Date }
  | { ok: false; reason: "throttled"; until: Date };

/** `ip`: the client's address (lib/server/client-ip.ts). Every refusal but "throttled" counts against it. */
export async function verifyCredentials(emailInput: string, password: string, ip: string): Promise<CredentialCheck> {
  const at = now();
  const until = await signInBlockedUntil(ip, at);
  if (until) return { ok: false, reason: "throttled", until };
  const result = await checkPassword(emailInput, password, at);
  if (!result.ok) await recordFailedSignIn(ip, at);
  return result;
}

async function checkPassword(emailInput: string, password: string, at: Date): Promise<CredentialCheck> {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password || email.length > 254 || password.length > 256) return { ok: false, reason: "invalid" };
  return checkUserPassword({ email }, password, at, { signIn: true });
}

/**
 * The password of one user (by e-mail at sign-in, by id for a step-up), under the one lockout: a
 * wrong one counts towards it wherever it was typed. `signIn` records the sign-in time on success.
 */
export async function checkUserPassword(where: { email: string } | { id: string }, password: string, at: Date, opts: { signIn: boolean }): Promise<CredentialCheck> {
  if (!password || password.length > 256) return { ok: false, reason: "invalid" };
  const prisma = db();
  const user = await prisma.user.findUnique({
    where,
    select: { id: true, email: true, name: true, passwordHash: true, lockedUntil: true, disabledAt: true },
  });
  if (!user || user.disabledAt) {
    // Hash anyway, so an unknown address costs as much as a wrong password (no account probing).
    dummyHash ??= hash("not a real password", { algorithm: ARGON2ID });
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, reason: "invalid" };
  }
  // While locked, the password is not checked (guessing on gains nothing), but a hash is still
  // computed, so that a locked account takes as long to answer as a wrong password.
  if (user.lockedUntil && user.lockedUntil > at) {
    dummyHash ??= hash("not a real password", { algorithm: ARGON2ID });
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, reason: "locked", lockedUntil: user.lockedUntil };
  }

  if (await verify(user.passwordHash, password).catch(() => false)) {
    await prisma.user.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: null, ...(opts.signIn ? { lastLoginAt: at } : {}) } });
    return { ok: true, userId: user.id, email: user.email, name: user.name };
  }
  // An atomic increment: concurrent wrong guesses each count.
  const { failedLogins } = await prisma.user.update({
    where: { id: user.id },
    data: { failedLogins: { increment: 1 } },
    select: { failedLogins: true },
  });
  if (failedLogins >= MAX_FAILED_LOGINS) {
    const lockedUntil = new Date(at.getTime() + LOCK_MS);
    await prisma.user.updateMany({ where: { id: user.id, failedLogins: { gte: MAX_FAILED_LOGINS } }, data: { failedLogins: 0, lockedUntil } });
    return { ok: false, reason: "locked", lockedUntil };
  }
  return { ok: false, reason: "invalid" };
}
