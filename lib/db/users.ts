// Panel users: their accounts, sign-in state and sessions. Every lookup of a user on behalf of a
// tenant keeps to that tenant; the session's and the sign-in's own lookups (by user id, by e-mail
// across tenants) are the two that cannot know it yet.
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

/** Locks the tenant's active owners for the rest of the transaction and returns their ids. */
export async function lockActiveOwners(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM users WHERE tenant_id = ${tenantId} AND role = 'owner' AND disabled_at IS NULL FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────────

interface NewUser {
  id: string;
  tenantId: string;
  email: string;
  name: string | null;
  passwordHash: string;
  role: string;
  /** issue #51: a password someone else set, to be changed at the first sign-in */
  mustChangePassword?: boolean;
}

/** Throws a unique violation (isUniqueViolation) when the tenant has a user with this e-mail. */
export function insertUser(user: NewUser): Promise<{ id: string; email: string; name: string | null; role: string }> {
  return db().user.create({ data: user, select: { id: true, email: true, name: true, role: true } });
}

/** The tenant's user with this e-mail (already trimmed and lower-cased), if any. */
export async function userByEmail(tenantId: string, email: string): Promise<{ id: string; disabledAt: Date | null } | null> {
  return db().user.findFirst({ where: { tenantId, email }, select: { id: true, disabledAt: true } });
}

/** The tenant's user as another member acting on them needs them; null when not the tenant's. */
export function teamMember(tenantId: string, userId: string): Promise<{ role: string; isPhysician: boolean; disabledAt: Date | null } | null> {
  return db().user.findFirst({ where: { id: userId, tenantId }, select: { role: true, isPhysician: true, disabledAt: true } });
}

/** The tenant's users for the team page: never a password hash or a second factor's secret. */
export function listTenantUsers(tenantId: string) {
  return db().user.findMany({
    where: { tenantId },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      lastLoginAt: true,
      lockedUntil: true,
      disabledAt: true,
      createdAt: true,
      isPhysician: true,
      registrationNo: true,
      totpEnabledAt: true,
      mustChangePassword: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The name (or e-mail) of each of the tenant's users among `ids`. */
export function userContacts(tenantId: string, ids: readonly string[]): Promise<{ id: string; name: string | null; email: string }[]> {
  return db().user.findMany({ where: { tenantId, id: { in: [...ids] } }, select: { id: true, name: true, email: true } });
}

/** The physician details (decisions §19); returns how many users changed (0: not the tenant's). */
export async function updateUserPhysician(tenantId: string, userId: string, details: { isPhysician: boolean; registrationNo: string | null; name?: string }): Promise<number> {
  const { count } = await db().user.updateMany({ where: { id: userId, tenantId }, data: details });
  return count;
}

/** The signed-in user with their tenant's name and two-factor requirement, by the session's user id. */
export function panelUserRow(userId: string) {
  return db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      tenantId: true,
      disabledAt: true,
      isPhysician: true,
      registrationNo: true,
      sessionVersion: true,
      sessionKeepSid: true,
      mustChangePassword: true,
      totpEnabledAt: true,
      tenant: { select: { name: true, requireTwoFactor: true } },
    },
  });
}

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The active accounts a password is tried against: by e-mail at sign-in (one per tenant at most),
 * by id for a step-up; most recently signed-in first.
 */
export function signInCandidates(where: { email: string } | { id: string }, limit: number) {
  return db().user.findMany({
    where: { ...where, disabledAt: null },
    select: { id: true, tenantId: true, email: true, name: true, passwordHash: true, lockedUntil: true, sessionVersion: true, totpEnabledAt: true },
    orderBy: [{ lastLoginAt: { sort: "desc", nulls: "last" } }, { createdAt: "asc" }],
    take: limit,
  });
}

/** A success: the failures and a lockout forgotten, and with `lastLoginAt` the sign-in's time. */
export async function clearFailedLogins(userId: string, lastLoginAt?: Date): Promise<void> {
  await db().user.update({ where: { id: userId }, data: { failedLogins: 0, lockedUntil: null, ...(lastLoginAt ? { lastLoginAt } : {}) } });
}

/** One more failure, atomically (concurrent wrong guesses each count); returns the new count. */
export async function countFailedLogin(userId: string): Promise<number> {
  const { failedLogins } = await db().user.update({ where: { id: userId }, data: { failedLogins: { increment: 1 } }, select: { failedLogins: true } });
  return failedLogins;
}

/** Locks the account until `lockedUntil` if it has `max` failures or more (then counted from 0 again), ending its sessions. */
export async function lockAfterFailedLogins(userId: string, max: number, lockedUntil: Date, keepSid: string | null = null): Promise<void> {
  // A lockout ends the user's other sessions too (issue #49); `keepSid`: the session whose password
  // asked again was guessed at goes on (it is told it is locked).
  await db().user.updateMany({
    where: { id: userId, failedLogins: { gte: max } },
    data: { failedLogins: 0, lockedUntil, sessionVersion: { increment: 1 }, sessionKeepSid: keepSid },
  });
}

// ── Changes a transaction makes (SQL on its connection) ──────────────────────────────────────────

/** What Prisma's @updatedAt would write: the wall clock, not the service's. */
const updatedAt = () => new Date();

/** The tenant's member as the team page changes them (no row lock: the owners' lock serializes owners). */
export async function memberInTx(tx: Tx, tenantId: string, userId: string): Promise<{ role: string; disabledAt: Date | null } | undefined> {
  const [row] = await tx.$queryRaw<{ role: string; disabledAt: Date | null }[]>(
    Prisma.sql`SELECT role, disabled_at AS "disabledAt" FROM users WHERE id = ${userId} AND tenant_id = ${tenantId}`,
  );
  return row;
}

export function setUserRole(tx: Tx, tenantId: string, userId: string, role: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE users SET role = ${role}, updated_at = ${updatedAt()} WHERE id = ${userId} AND tenant_id = ${tenantId}`);
}

/** Switches the account off (a time) or on (null). */
export function setUserDisabledAt(tx: Tx, tenantId: string, userId: string, disabledAt: Date | null): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE users SET disabled_at = ${disabledAt}, updated_at = ${updatedAt()} WHERE id = ${userId} AND tenant_id = ${tenantId}`);
}

/**
 * Ends every session of a user at once (after a password reset, or the account switched off): a
 * session carries the user's session version from its sign-in, and getPanelUser refuses one whose
 * version is no longer the user's. No list of the user's session ids is needed, and none is kept.
 */
export function raiseSessionVersion(tx: Tx, tenantId: string, userId: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE users SET session_version = session_version + 1, session_keep_sid = NULL, updated_at = ${updatedAt()} WHERE id = ${userId} AND tenant_id = ${tenantId}`);
}

/**
 * Ends every session of the user but `keepSid` (the one that made the change, issue #49; null: all),
 * which getPanelUser keeps accepting until the version is raised again.
 */
export function raiseSessionVersionKeeping(tx: Tx, tenantId: string, userId: string, keepSid: string | null): PromiseLike<number> {
  return tx.$executeRaw(
    Prisma.sql`UPDATE users SET session_version = session_version + 1, session_keep_sid = ${keepSid}, updated_at = ${updatedAt()} WHERE id = ${userId} AND tenant_id = ${tenantId}`,
  );
}

/** The member's physician details, their row locked for the rest of the transaction (issue #49). */
export async function physicianDetailsForUpdate(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<{ isPhysician: boolean; registrationNo: string | null; name: string | null } | undefined> {
  const [row] = await tx.$queryRaw<{ isPhysician: boolean; registrationNo: string | null; name: string | null }[]>(
    Prisma.sql`SELECT is_physician AS "isPhysician", registration_no AS "registrationNo", name FROM users WHERE id = ${userId} AND tenant_id = ${tenantId} FOR UPDATE`,
  );
  return row;
}

export function setPhysicianDetails(tx: Tx, tenantId: string, userId: string, d: { isPhysician: boolean; registrationNo: string | null; name: string | null }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE users SET is_physician = ${d.isPhysician}, registration_no = ${d.registrationNo}, name = ${d.name}, updated_at = ${updatedAt()}
    WHERE id = ${userId} AND tenant_id = ${tenantId}`);
}

/**
 * A new password for an active account, its failures and lockout forgotten; 0 when it is not active.
 * `mustChange` (issue #51): true when it may be known to someone else (set through a reset link
 * another user made), so the user changes it at their next sign-in; false when the user chose it on
 * the change-password page, which lifts the mark.
 */
export function replacePassword(tx: Tx, tenantId: string, userId: string, passwordHash: string, mustChange = false): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE users SET password_hash = ${passwordHash}, failed_logins = 0, locked_until = NULL, must_change_password = ${mustChange}, updated_at = ${updatedAt()}
    WHERE id = ${userId} AND tenant_id = ${tenantId} AND disabled_at IS NULL`);
}
