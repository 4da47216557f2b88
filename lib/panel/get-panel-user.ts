// The signed-in user as the panel sees it: role and tenant come from the database, never the client.
import { db } from "@/lib/db";
import type { UserRole } from "@/lib/users/create-user";
import { isUserRole } from "@/lib/panel/roles";
import { isPanelSessionRevoked } from "@/lib/panel/revoke-panel-session";

export interface PanelUser {
  id: string;
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
}

/**
 * `sid`: the session's id; a session signed out (or one from before sessions had ids) is no session.
 * `version`: the user's session version at its sign-in; a session from before a password reset is none.
 */
export async function getPanelUser(userId: string, sid: string, version = 0): Promise<PanelUser | null> {
  if (!userId || !sid) return null;
  const [u, revoked] = await Promise.all([
    db().user.findUnique({
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
        totpEnabledAt: true,
        tenant: { select: { name: true, requireTwoFactor: true } },
      },
    }),
    isPanelSessionRevoked(sid),
  ]);
  if (!u || revoked || u.disabledAt || !isUserRole(u.role) || u.sessionVersion !== version) return null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    tenantId: u.tenantId,
    tenantName: u.tenant.name,
    isPhysician: u.isPhysician,
    registrationNo: u.registrationNo,
    twoFactorSince: u.totpEnabledAt,
    mustSetUpTwoFactor: u.tenant.requireTwoFactor && u.totpEnabledAt === null,
  };
}
