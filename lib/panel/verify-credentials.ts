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

/** At most this many accounts share one e-mail (one per tenant); more are not tried at sign-in. */
const MAX_ACCOUNTS_PER_EMAIL = 5;

async function dummyVerify(password: string): Promise<void> {
  dummyHash ??= hash("not a real password", { algorithm: ARGON2ID });
  await verify(await dummyHash, password).catch(() => false);
}

/**
 * The password of a user (by e-mail at sign-in, by id for a step-up), under the one lockout: a wrong
 * one counts towards it wherever it was typed. `signIn` records the sign-in time on success.
 *
 * An e-mail is unique within a tenant only, so at sign-in it may name accounts at several clinics:
 * the password tells them apart (the first account it opens, most recently signed-in first), and a
 * password that opens none counts as a wrong one against each of them that is not locked.
 */
export async function checkUserPassword(where: { email: string } | { id: string }, password: string, at: Date, opts: { signIn: boolean }): Promise<CredentialCheck> {
  if (!password || password.length > 256) return { ok: false, reason: "invalid" };
  const prisma = db();
  const users = await prisma.user.findMany({
    where: { ...where, disabledAt: null },
    select: { id: true, email: true, name: true, passwordHash: true, lockedUntil: true },
    orderBy: [{ lastLoginAt: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }],
    take: MAX_ACCOUNTS_PER_EMAIL,
  });
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
      await prisma.user.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: null, ...(opts.signIn ? { lastLoginAt: at } : {}) } });
      return { ok: true, userId: user.id, email: user.email, name: user.name };
    }
  }
  let lockedUntil: Date | null = null;
  for (const user of open) {
    // An atomic increment: concurrent wrong guesses each count.
    const { failedLogins } = await prisma.user.update({ where: { id: user.id }, data: { failedLogins: { increment: 1 } }, select: { failedLogins: true } });
    if (failedLogins >= MAX_FAILED_LOGINS) {
      lockedUntil = new Date(at.getTime() + LOCK_MS);
      await prisma.user.updateMany({ where: { id: user.id, failedLogins: { gte: MAX_FAILED_LOGINS } }, data: { failedLogins: 0, lockedUntil } });
    }
  }
  return lockedUntil ? { ok: false, reason: "locked", lockedUntil } : { ok: false, reason: "invalid" };
}
