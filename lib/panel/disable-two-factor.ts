// Turning off two-factor sign-in (issue #42): by the user, with their password again (verify-step-up.ts:
// a session left open on a shared computer must not be enough), or by an owner for another member
// who lost their phone (reset-member-two-factor.ts). The secret, a setup under way and the recovery
// codes go. Where the tenant requires two-factor sign-in, the user is then sent to turn it on again.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordPanelAction } from "@/lib/panel/panel-audit";
import { verifyStepUp } from "@/lib/panel/verify-step-up";

export async function disableTwoFactor(tenantId: string, userId: string, password: unknown, ip: string): Promise<void> {
  await verifyStepUp(userId, String(password ?? ""), ip);
  if (!(await clearTwoFactor(tenantId, userId, userId, "user.two_factor_off"))) throw new AppError("invalid_state", "İki adımlı doğrulama zaten kapalı.");
}

/** False when the user had no two-factor sign-in (nothing changes then). */
export async function clearTwoFactor(tenantId: string, actorId: string, userId: string, action: "user.two_factor_off" | "user.two_factor_reset"): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const off = await tx.user.updateMany({
      where: { id: userId, tenantId, totpSecret: { not: null } },
      data: { totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: null },
    });
    if (off.count !== 1) return false;
    await tx.recoveryCode.deleteMany({ where: { tenantId, userId } });
    await recordPanelAction({ tenantId, actorId, action, target: userId }, tx);
    return true;
  });
}
