// A panel user's second factor (issue #42): the TOTP secret and its setup on the user's row, and the
// one-time recovery codes (digests only). Each code, and each TOTP time step, is taken by a
// conditional update, so that two sign-ins racing with one code cannot both win.
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

/** The tenant's user's second factor as stored (secrets encrypted); null when not the tenant's user. */
export function userTwoFactor(tenantId: string, userId: string) {
  return db().user.findFirst({ where: { id: userId, tenantId }, select: { totpSecret: true, totpPending: true, totpLastStep: true, totpEnabledAt: true } });
}

/** A setup begins (or begins again) with this encrypted secret; 0 when two-factor sign-in is already on. */
export async function startTotpSetup(tenantId: string, userId: string, pendingEncrypted: string): Promise<number> {
  const { count } = await db().user.updateMany({ where: { id: userId, tenantId, totpSecret: null }, data: { totpPending: pendingEncrypted } });
  return count;
}

/** Takes a TOTP time step: 0 when this or a later step was taken already. */
export async function takeTotpStep(tenantId: string, userId: string, step: number): Promise<number> {
  const { count } = await db().user.updateMany({
    where: { id: userId, tenantId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count;
}

export function countUnusedRecoveryCodes(tenantId: string, userId: string): Promise<number> {
  return db().recoveryCode.count({ where: { tenantId, userId, usedAt: null } });
}

// ── In a transaction (SQL on its connection) ─────────────────────────────────────────────────────

/** What Prisma's @updatedAt would write: the wall clock, not the service's. */
const updatedAt = () => new Date();

/**
 * The pending secret becomes the secret, conditional on it still being the one the code was checked
 * against (a setup restarted meanwhile wins); 0 when it is not, or when the factor is on already.
 */
export function enableTotp(tx: Tx, tenantId: string, userId: string, pendingEncrypted: string, at: Date, step: number): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE users SET totp_secret = ${pendingEncrypted}, totp_pending = NULL, totp_enabled_at = ${at}, totp_last_step = ${step}, updated_at = ${updatedAt()}
    WHERE id = ${userId} AND tenant_id = ${tenantId} AND totp_secret IS NULL AND totp_pending = ${pendingEncrypted}`);
}

/** The secret, a setup under way and the step go; 0 when the user had no two-factor sign-in. */
export function clearTotp(tx: Tx, tenantId: string, userId: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = ${updatedAt()}
    WHERE id = ${userId} AND tenant_id = ${tenantId} AND totp_secret IS NOT NULL`);
}

export async function deleteRecoveryCodes(tx: Tx, tenantId: string, userId: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`DELETE FROM recovery_codes WHERE tenant_id = ${tenantId} AND user_id = ${userId}`);
}

/** The user's codes, by their digests (the old ones deleted first: deleteRecoveryCodes). */
export async function insertRecoveryCodes(tx: Tx, tenantId: string, userId: string, digests: readonly string[]): Promise<void> {
  if (digests.length === 0) return;
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO recovery_codes (tenant_id, user_id, digest)
    SELECT ${tenantId}, ${userId}, d FROM unnest(${[...digests]}::text[]) AS d`);
}

/** Marks an unused code used; 0 when there is no such code or it was used. */
export function useRecoveryCode(tx: Tx, tenantId: string, userId: string, digest: string, at: Date): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE recovery_codes SET used_at = ${at}
    WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND digest = ${digest} AND used_at IS NULL`);
}
