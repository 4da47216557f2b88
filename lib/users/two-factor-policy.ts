// The tenant's "two-factor sign-in required" switch (issue #42), the owner's, on the settings page.
// While it is on, a user without two-factor sign-in reaches only their account page until they turn
// it on (require-panel-user.ts). The owner turns it on only with their own on: they would otherwise
// be the first one shut out of the settings.
import { transaction } from "@/lib/db";
import { setRequireTwoFactor } from "@/lib/db/tenants";
import { userTwoFactor } from "@/lib/db/two-factor";
import { AppError } from "@/lib/errors";
import { recordPanelAction } from "@/lib/users/panel-audit";

export async function setTwoFactorRequired(tenantId: string, actorId: string, required: unknown): Promise<boolean> {
  if (typeof required !== "boolean") throw new AppError("validation_failed", "Açık ya da kapalı olmalı.", { required: ["evet ya da hayır olmalı"] });
  if (required) {
    const actor = await userTwoFactor(tenantId, actorId);
    if (!actor?.totpEnabledAt) throw new AppError("invalid_state", "Önce kendi hesabınızda iki adımlı doğrulamayı açın (Hesabım).");
  }
  return transaction(async (tx) => {
    const saved = await setRequireTwoFactor(tx, tenantId, required);
    if (saved === undefined) throw new AppError("not_found");
    await recordPanelAction({ tenantId, actorId, action: "settings.two_factor", detail: { required } }, tx);
    return saved;
  });
}
