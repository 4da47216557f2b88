// The second step of a two-factor sign-in (issue #42): a code of the user's authenticator app, or one
// of their recovery codes. Each is taken once: the TOTP code's time step is stored by a conditional
// update (two sign-ins racing with one code: one of them wins), a recovery code is marked used alike,
// and its use goes into the panel's action log (the owner sees who lost their phone, or whose codes
// someone else holds).
import { transaction } from "@/lib/db";
import { takeTotpStep, useRecoveryCode, userTwoFactor } from "@/lib/db/two-factor";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { checkTotp, normalizeTotpCode } from "@/lib/users/totp";
import { normalizeRecoveryCode, recoveryCodeDigest } from "@/lib/users/recovery-codes";
import { recordPanelAction } from "@/lib/users/panel-audit";

/** How the code was right, or null when it was not (wrong, spent, out of its window, or no two-factor sign-in). */
export async function verifySecondFactor(tenantId: string, userId: string, input: string, at: Date): Promise<"totp" | "recovery" | null> {
  if (!input || input.length > 64) return null;
  const u = await userTwoFactor(tenantId, userId);
  if (!u?.totpSecret) return null;
  if (normalizeTotpCode(input)) {
    const step = await checkTotp(decrypt(u.totpSecret), input, at, u.totpLastStep);
    if (step === null) return null;
    return (await takeTotpStep(tenantId, userId, step)) === 1 ? "totp" : null;
  }
  const code = normalizeRecoveryCode(input);
  if (!code) return null;
  const digest = recoveryCodeDigest(env().APP_SECRET, userId, code);
  return transaction(async (tx) => {
    if ((await useRecoveryCode(tx, tenantId, userId, digest, at)) !== 1) return null;
    await recordPanelAction({ tenantId, actorId: userId, action: "user.recovery_code", target: userId }, tx);
    return "recovery";
  });
}
