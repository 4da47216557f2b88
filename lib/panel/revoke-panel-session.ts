// Signing out ends the session on the server, not only in the browser: the session id its JWT
// carries is recorded until the JWT would have expired anyway, and getPanelUser refuses it. A copied
// session cookie stops working at sign-out. Records past that time are removed on the way.
// Every session of a user ends at once when their session version is raised (endAllSessionsOf).
import { db, type Tx } from "@/lib/db";
import { now } from "@/lib/clock";

/** A panel session's length (next-auth's session and JWT maxAge). */
export const SESSION_MAX_AGE_S = 8 * 3600;

/** `expiresAtS`: the JWT's own `exp` (seconds since the epoch); without it, a whole session's length from now. */
export async function revokePanelSession(sid: string, expiresAtS?: number): Promise<void> {
  const at = now();
  const expiresAt = new Date(expiresAtS ? Math.max(expiresAtS * 1000, at.getTime()) : at.getTime() + SESSION_MAX_AGE_S * 1000);
  await db().revokedPanelSession.createMany({ data: [{ sid, expiresAt }], skipDuplicates: true });
  await db().revokedPanelSession.deleteMany({ where: { expiresAt: { lt: at } } });
}

export async function isPanelSessionRevoked(sid: string): Promise<boolean> {
  return (await db().revokedPanelSession.count({ where: { sid } })) > 0;
}

/**
 * Ends every session of a user at once (after a password reset, issue #42): a session carries the
 * user's session version from its sign-in, and getPanelUser refuses one whose version is no longer
 * the user's. No list of the user's session ids is needed, and none is kept.
 */
export async function endAllSessionsOf(tenantId: string, userId: string, tx: Tx = db()): Promise<void> {
  await tx.user.updateMany({ where: { id: userId, tenantId }, data: { sessionVersion: { increment: 1 } } });
}
