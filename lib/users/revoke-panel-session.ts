// Signing out ends the session on the server, not only in the browser: the session id its JWT
// carries is recorded until the JWT would have expired anyway, and getPanelUser refuses it. A copied
// session cookie stops working at sign-out. Records past that time are removed on the way.
// Every session of a user ends at once when their session version is raised (lib/db/users.ts
// raiseSessionVersion: a password reset, an account switched off).
import { isSessionRevoked, recordRevokedSession } from "@/lib/db/panel-sessions";
import { now } from "@/lib/clock";

/** A panel session's length (next-auth's session and JWT maxAge). */
export const SESSION_MAX_AGE_S = 8 * 3600;

/** `expiresAtS`: the JWT's own `exp` (seconds since the epoch); without it, a whole session's length from now. */
export async function revokePanelSession(sid: string, expiresAtS?: number): Promise<void> {
  const at = now();
  const expiresAt = new Date(expiresAtS ? Math.max(expiresAtS * 1000, at.getTime()) : at.getTime() + SESSION_MAX_AGE_S * 1000);
  await recordRevokedSession(sid, expiresAt, at);
}

export function isPanelSessionRevoked(sid: string): Promise<boolean> {
  return isSessionRevoked(sid);
}
