// Signing out ends the session on the server, not only in the browser: the session id its JWT
// carries is recorded until the JWT would have expired anyway, and getPanelUser refuses it. A copied
// session cookie stops working at sign-out. Records past that time are removed on the way.
import { db } from "@/lib/db";
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
