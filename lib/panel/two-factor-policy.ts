// The tenant's "two-factor sign-in required" switch (issue #42), the owner's, on the settings page.
// While it is on, a user without two-factor sign-in reaches only their account page until they turn
// it on (require-panel-user.ts). The owner turns it on only with their own on: they would otherwise
// be the first one shut out of the settings.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordPanelAction } from "@/lib/panel/panel-audit";

export async function setTwoFactorRequired(tenantId: string, actorId: string, required: unknown): Promise<boolean> {
  if (typeof required !== "boolean") throw new AppError("validation_failed", "Açık ya da kapalı olmalı.", { required: ["evet ya da hayır olmalı"] });
  if (required) {
    const actor = await db().user.findFirst({ where: { id: actorId, tenantId }, select: { totpEnabledAt: true } });
    if (!actor?.totpEnabledAt) throw new AppError("invalid_state", "Önce kendi hesabınızda iki adımlı doğrulamayı açın (Hesabım).");
  }
  return db().$transaction(async (tx) => {
    const t = await tx.tenant.update({ where: { id: tenantId }, data: { requireTwoFactor: required }, select: { requireTwoFactor: true } });
    await recordPanelAction({ tenantId, actorId, action: "settings.two_factor", detail: { required } }, tx);
    return t.requireTwoFactor;
  });
}
