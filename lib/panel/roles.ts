// Who may open what in the panel (issue 7): staff works with consents; admin also with templates and
// webhooks; owner also with API keys, users and settings. Checked on the server by every page and action.
import type { UserRole } from "@/lib/users/create-user";

export type PanelArea = "dashboard" | "consents" | "templates" | "webhooks" | "apiKeys" | "team" | "settings";

const RANK: Record<UserRole, number> = { staff: 0, admin: 1, owner: 2 };

const MIN_ROLE: Record<PanelArea, UserRole> = {
  dashboard: "staff",
  consents: "staff",
  templates: "admin",
  webhooks: "admin",
  apiKeys: "owner",
  team: "owner",
  settings: "owner",
};

export function isUserRole(v: string): v is UserRole {
  return v === "owner" || v === "admin" || v === "staff";
}

export function canAccess(role: string, area: PanelArea): boolean {
  return isUserRole(role) && RANK[role] >= RANK[MIN_ROLE[area]];
}
