// Who may open what in the panel (issue 7): staff works with consents; admin also with templates,
// webhooks and the team list; owner also with API keys, settings, adding users with their roles, and
// who is a physician (decisions §19, issue #49). Checked on the server by every page and action; the
// whole matrix (role × action) is in docs/panel.md and tests/api/panel-roles.test.ts tests each cell.
// Countersigning is not a role but a user's physician flag (require-panel-user.ts).
import type { UserRole } from "@/lib/users/create-user";

export type PanelArea =
  | "account"
  | "password"
  | "dashboard"
  | "consents"
  | "templates"
  | "webhooks"
  | "apiKeys"
  | "team"
  | "addUsers"
  | "physicians"
  | "unlockLink"
  | "settings";

const RANK: Record<UserRole, number> = { staff: 0, admin: 1, owner: 2 };

const MIN_ROLE: Record<PanelArea, UserRole> = {
  // One's own account: two-factor sign-in (issue #42).
  account: "staff",
  // One's own password (issue #51): the one page a user whose password someone else set may open.
  password: "staff",
  dashboard: "staff",
  consents: "staff",
  templates: "admin",
  webhooks: "admin",
  apiKeys: "owner",
  // The team list; choosing who joins, and with which role, stays the owner's: an admin who could add
  // users could add an owner.
  team: "admin",
  addUsers: "owner",
  // Who is a physician, their printed name and registration number (issue #49): the owner's alone. An
  // admin who could un-flag a physician could get a reset link for them, flag them again and
  // countersign in their name; or flag themselves with any name and number.
  physicians: "owner",
  // Lifting a completed consent's link lock (a stranger guessed at its codes; issue #49, scope 2).
  unlockLink: "admin",
  settings: "owner",
};

export function isUserRole(v: string): v is UserRole {
  return v === "owner" || v === "admin" || v === "staff";
}

export function canAccess(role: string, area: PanelArea): boolean {
  return isUserRole(role) && RANK[role] >= RANK[MIN_ROLE[area]];
}

/**
 * Whether a signed-in user may open an area: "password_change" while their password is one someone
 * else set (only the change-password page opens then, issue #51); "two_factor_setup" while their
 * institution requires two-step sign-in they have not turned on (only their own account and
 * password open then, issue #42). The password comes first: two-step setup asks for it again.
 */
export function panelAccess(
  user: { role: string; mustSetUpTwoFactor: boolean; mustChangePassword?: boolean },
  area: PanelArea,
): "ok" | "password_change" | "two_factor_setup" | "forbidden" {
  if (user.mustChangePassword && area !== "password") return "password_change";
  if (user.mustSetUpTwoFactor && area !== "account" && area !== "password") return "two_factor_setup";
  return canAccess(user.role, area) ? "ok" : "forbidden";
}

/**
 * Whose password a user may reset with a one-time link from the team page (issue #42): an owner
 * anyone's in the tenant, an admin only staff's — an admin who could reset an owner's or another
 * admin's password could sign in as them. A physician's only an owner's: the password is the
 * countersignature's proof that the physician signed (decisions §19). Never one's own (that needs no link).
 */
export function mayResetPasswordOf(actorRole: string, target: { role: string; isPhysician: boolean }): boolean {
  if (!isUserRole(actorRole) || !isUserRole(target.role)) return false;
  return actorRole === "owner" || (actorRole === "admin" && RANK[target.role] < RANK.admin && !target.isPhysician);
}

/**
 * Who may change a member's physician flag, printed name and registration number (issue #49): an
 * owner, for anyone but themselves (an owner who could flag themselves could countersign in any name).
 */
export function mayChangePhysician(actor: { id: string; role: string }, userId: string): boolean {
  return canAccess(actor.role, "physicians") && actor.id !== userId;
}
