// One-time password-reset links (issue #42): a user has at most one row (a newer link replaces it, a
// switched-off account loses it), found by the link's id and spent by a conditional update.
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

/** The link's row with its user's tenant and switch, or null. */
export function passwordResetRow(id: string) {
  return db().passwordResetToken.findUnique({
    where: { id },
    select: { id: true, tenantId: true, userId: true, secretDigest: true, createdBy: true, usedAt: true, expiresAt: true, user: { select: { tenantId: true, disabledAt: true, role: true, isPhysician: true } } },
  });
}

/**
 * Every link of the user ends (a newer one is made, or the account was switched off); a spent one
 * goes too, so that a user never has more than one row (its use is in the action log).
 */
export async function deletePasswordResets(tx: Tx, tenantId: string, userId: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`DELETE FROM password_reset_tokens WHERE tenant_id = ${tenantId} AND user_id = ${userId}`);
}

export async function insertPasswordReset(
  tx: Tx,
  r: { id: string; tenantId: string; userId: string; secretDigest: string; createdBy: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO password_reset_tokens (id, tenant_id, user_id, secret_digest, created_by, created_at, expires_at)
    VALUES (${r.id}, ${r.tenantId}, ${r.userId}, ${r.secretDigest}, ${r.createdBy}, ${r.createdAt}, ${r.expiresAt})`);
}

/** Spends an open link (two submits racing: one wins); 0 when it was used or has expired by `at`. */
export function spendPasswordReset(tx: Tx, tenantId: string, id: string, at: Date): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE password_reset_tokens SET used_at = ${at}
    WHERE id = ${id} AND tenant_id = ${tenantId} AND used_at IS NULL AND expires_at > ${at}`);
}
