// A one-time password-reset link for a team member (issue #42), made on the team page by an owner (for
// anyone else) or an admin (for staff): the service sends no e-mail, so the link is shown once to be
// passed on by hand, like an API key's secret. It opens the reset page for 24 hours, once; a newer
// link replaces it, and switching the account off ends it (set-team-member.ts).
import { transaction } from "@/lib/db";
import { deletePasswordResets, insertPasswordReset } from "@/lib/db/password-resets";
import { teamMember } from "@/lib/db/users";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { mayResetPasswordOf } from "@/lib/users/roles";
import { newResetToken, RESET_LINK_TTL_MS } from "@/lib/users/reset-token";

const RESET_PATH = "/panel/reset";

interface PasswordResetActor {
  tenantId: string;
  id: string;
  role: string;
}

export async function createPasswordReset(actor: PasswordResetActor, userId: string): Promise<{ url: string; expiresAt: Date }> {
  if (userId === actor.id) throw new AppError("invalid_state", "Kendi parolanız için bağlantı gerekmez.");
  const member = await teamMember(actor.tenantId, userId);
  if (!member) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  if (!mayResetPasswordOf(actor.role, member)) throw new AppError("forbidden", "Bu kullanıcının parolası için bağlantı oluşturma yetkiniz yok.");
  if (member.disabledAt) throw new AppError("invalid_state", "Hesap devre dışı: önce yeniden etkinleştirin.");
  return issuePasswordReset(actor.tenantId, userId, actor.id);
}

/**
 * Makes the link, whoever may (createPasswordReset for the panel; the admin command line's
 * `user reset-link` for an owner no one else may reset). `createdBy`: a user id or "admin-cli".
 */
export async function issuePasswordReset(tenantId: string, userId: string, createdBy: string): Promise<{ url: string; expiresAt: Date }> {
  const at = now();
  const expiresAt = new Date(at.getTime() + RESET_LINK_TTL_MS);
  const { id, token, secretDigest } = newResetToken();
  await transaction(async (tx) => {
    // Only the newest link works.
    await deletePasswordResets(tx, tenantId, userId);
    await insertPasswordReset(tx, { id, tenantId, userId, secretDigest, createdBy, createdAt: at, expiresAt });
    await recordPanelAction({ tenantId, actorId: createdBy, action: "user.reset_link", target: userId }, tx);
  });
  return { url: `${env().APP_URL.replace(/\/+$/, "")}${RESET_PATH}/${token}`, expiresAt };
}
