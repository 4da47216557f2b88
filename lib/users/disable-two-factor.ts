// Turning off two-factor sign-in (issue #42): by the user, with their password again (verify-step-up.ts:
// a session left open on a shared computer must not be enough), or by an owner for another member
// who lost their phone (reset-member-two-factor.ts). The secret, a setup under way and the recovery
// codes go. Where the tenant requires two-factor sign-in, the user is then sent to turn it on again.
// Either way the user's sessions end (issue #49), but for the one that turned it off itself.
import { transaction } from "@/lib/db";
import { clearTotp, deleteRecoveryCodes } from "@/lib/db/two-factor";
import { raiseSessionVersionKeeping } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { verifyStepUp } from "@/lib/users/verify-step-up";

/** `sessionId`: the session turning it off, which goes on. */
export async function disableTwoFactor(tenantId: string, userId: string, password: unknown, ip: string, sessionId: string | null = null): Promise<void> {
  await verifyStepUp(userId, String(password ?? ""), ip, sessionId);
  if (!(await clearTwoFactor(tenantId, userId, userId, "user.two_factor_off", sessionId))) throw new AppError("invalid_state", "İki adımlı doğrulama zaten kapalı.");
}

/** False when the user had no two-factor sign-in (nothing changes then). `keepSid`: the session that goes on (null: none). */
export async function clearTwoFactor(
  tenantId: string,
  actorId: string,
  userId: string,
  action: "user.two_factor_off" | "user.two_factor_reset",
  keepSid: string | null = null,
): Promise<boolean> {
  return transaction(async (tx) => {
    if ((await clearTotp(tx, tenantId, userId)) !== 1) return false;
    await deleteRecoveryCodes(tx, tenantId, userId);
    await raiseSessionVersionKeeping(tx, tenantId, userId, keepSid);
    await recordPanelAction({ tenantId, actorId, action, target: userId }, tx);
    return true;
  });
}
