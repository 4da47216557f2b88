// The reset page's new password (issue #42): through an open one-time link (get-password-reset.ts),
// under the sign-in limit per client address (a wrong link counts like a wrong password, so links
// cannot be guessed at speed). In one transaction the link is spent (a conditional update: two
// submits racing, one wins), the password replaced, the failed sign-ins and a lockout forgotten, every
// open session of the user ended (its session version raised: get-panel-user.ts) and the reset written to the action log.
// Issue #51: the link was made by someone else (an owner or admin, or the operator's command line),
// who may have opened it and typed the password themselves; so the password is marked to be changed
// at the next sign-in, as one the owner typed when adding the user is, and only the user knows the next.
import { transaction } from "@/lib/db";
import { spendPasswordReset } from "@/lib/db/password-resets";
import { raiseSessionVersion, replacePassword } from "@/lib/db/users";
import { now } from "@/lib/clock";
import { AppError, parseOrThrow } from "@/lib/errors";
import { hashPassword, passwordSchema } from "@/lib/users/create-user";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { findOpenReset } from "@/lib/users/get-password-reset";
import { recordFailedSignIn, signInBlockedUntil } from "@/lib/users/sign-in-throttle";
import { z } from "zod";

/** The one answer for an unknown, malformed, used or expired link. */
export const RESET_LINK_CLOSED = "Bu bağlantı geçersiz ya da süresi dolmuş. Yöneticinizden yeni bir parola yenileme bağlantısı isteyin.";
const TOO_MANY = "Bu bağlantıdan çok sayıda hatalı deneme yapıldı. En geç 15 dakika sonra tekrar deneyin.";

const schema = z.object({ password: passwordSchema });

export async function resetPassword(token: string, input: { password: unknown }, ip: string): Promise<void> {
  const at = now();
  if (await signInBlockedUntil(ip, at)) throw new AppError("rate_limited", TOO_MANY);
  const open = await findOpenReset(String(token ?? ""), at);
  if (!open) {
    await recordFailedSignIn(ip, at);
    throw new AppError("forbidden", RESET_LINK_CLOSED);
  }
  const { password } = parseOrThrow(schema, input);
  const passwordHash = await hashPassword(password);
  const { tenantId, userId } = open;
  await transaction(async (tx) => {
    if ((await spendPasswordReset(tx, tenantId, open.id, at)) !== 1) throw new AppError("forbidden", RESET_LINK_CLOSED);
    if ((await replacePassword(tx, tenantId, userId, passwordHash, true)) !== 1) throw new AppError("forbidden", RESET_LINK_CLOSED);
    await raiseSessionVersion(tx, tenantId, userId);
    await recordPanelAction({ tenantId, actorId: userId, action: "user.password_reset", target: userId }, tx);
  });
}
