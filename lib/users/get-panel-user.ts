// The signed-in user as the panel sees it: role and tenant come from the database, never the client.
import { panelUserRow } from "@/lib/db/users";
import type { UserRole } from "@/lib/users/create-user";
import { isUserRole } from "@/lib/users/roles";
import { isPanelSessionRevoked } from "@/lib/users/revoke-panel-session";

export interface PanelUser {
  id: string;
  /** this session's id (issue #49: the session a change of the user's own sign-in security keeps) */
  sessionId?: string;
  email: string;
  name: string | null;
  role: UserRole;
  tenantId: string;
  tenantName: string;
  /** decisions §19: may countersign consents (team page), with this registration number */
  isPhysician: boolean;
  registrationNo: string | null;
  /** issue #42: signs in with a TOTP code since then (null: not at all) */
  twoFactorSince: Date | null;
  /** the tenant requires two-factor sign-in and this user has not turned it on: the account page only */
  mustSetUpTwoFactor: boolean;
  /** issue #51: the password was set by someone else: the change-password page only, until changed */
  mustChangePassword: boolean;
}

/**
 * `sid`: the session's id; a session signed out (or one from before sessions had ids) is no session.
 * `version`: the user's session version at its sign-in; a session from before a password reset is none,
 * nor from before any other raise, but the one the last raise kept (`session_keep_sid`).
 */
export async function getPanelUser(userId: string, sid: string, version = 0): Promise<PanelUser | null> {
  if (!userId || !sid) return null;
  const [u, revoked] = await Promise.all([
    panelUserRow(userId),
    isPanelSessionRevoked(sid),
  ]);
  if (!u || revoked || u.disabledAt || !isUserRole(u.role)) return null;
  // Issue #49: the session that changed its own user's sign-in security outlives that raise only.
  const kept = u.sessionKeepSid !== null && u.sessionKeepSid === sid && version < u.sessionVersion;
  if (u.sessionVersion !== version && !kept) return null;
  return {
    id: u.id,
    sessionId: sid,
    email: u.email,
    name: u.name,
    role: u.role,
    tenantId: u.tenantId,
    tenantName: u.tenant.name,
    isPhysician: u.isPhysician,
    registrationNo: u.registrationNo,
    twoFactorSince: u.totpEnabledAt,
    mustSetUpTwoFactor: u.tenant.requireTwoFactor && u.totpEnabledAt === null,
    mustChangePassword: u.mustChangePassword,
  };
}
