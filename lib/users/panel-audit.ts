// The panel's action log (issue #42): one row per change a panel user made, written in the change's
// own transaction where there is one, read by the tenant's owner on the team page. Ids and field
// names only — never a patient's data, a secret or a password.
import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/db";
import { insertPanelAction, panelActionRows } from "@/lib/db/panel-audit";
import { userContacts } from "@/lib/db/users";
import { now } from "@/lib/clock";

export const PANEL_ACTIONS = [
  "user.create",
  "user.role",
  "user.deactivate",
  "user.reactivate",
  "user.physician",
  "api_key.create",
  "api_key.revoke",
  "webhook.save",
  "webhook.rotate",
  "branding.update",
  "branding.logo",
  "branding.logo_remove",
  "settings.update",
  "template.duplicate",
  // issue #52: a starter form copied into the tenant's templates (target: the new code)
  "template.starter_copy",
  // issue #42, item 5: sign-in security (no link, code or secret is ever in the entry)
  "user.reset_link",
  "user.password_reset",
  // issue #51: a user changed their own password (the change-password page)
  "user.password_change",
  // issue #51: a physician saved (or replaced) or deleted the signature kept in their account
  "user.signature_save",
  "user.signature_delete",
  "user.two_factor_on",
  "user.two_factor_off",
  "user.two_factor_reset",
  "user.recovery_code",
  "settings.two_factor",
  // issue #49: a completed consent's link lock lifted (target: the consent's id)
  "consent.link_unlock",
] as const;
type PanelAction = (typeof PANEL_ACTIONS)[number];

interface PanelActionEntry {
  tenantId: string;
  actorId: string;
  action: PanelAction;
  target?: string | null;
  detail?: Prisma.InputJsonObject;
}

/** `tx`: the change's own transaction, so that the entry and the change commit together. */
export async function recordPanelAction(entry: PanelActionEntry, tx?: Tx): Promise<void> {
  await insertPanelAction({ tenantId: entry.tenantId, actorId: entry.actorId, action: entry.action, target: entry.target ?? null, detail: entry.detail ?? {}, at: now() }, tx);
}

/** The tenant's latest entries, newest first, with the acting user's name or e-mail. */
export async function listPanelActions(tenantId: string, limit = 100) {
  const rows = await panelActionRows(tenantId, Math.min(Math.max(limit, 1), 500));
  const ids = [...new Set(rows.flatMap((r) => [r.actorId, r.target ?? ""]).filter((v) => v.startsWith("usr_")))];
  const users = ids.length ? await userContacts(tenantId, ids) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.name ?? u.email]));
  return rows.map((r) => ({
    id: r.id.toString(),
    at: r.at,
    action: r.action as PanelAction,
    actor: nameOf.get(r.actorId) ?? r.actorId,
    target: r.target ? (nameOf.get(r.target) ?? r.target) : null,
    detail: r.detail as Record<string, unknown>,
  }));
}
