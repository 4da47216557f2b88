// Turning on two-factor sign-in, second step (issue #42): the password again (verify-step-up.ts:
// whoever found a session left open must not link their own app and lock the user out), and a code
// from the app proves it holds the secret shown; only then does sign-in ask for codes. The code's step is remembered (it cannot sign
// in again), and ten recovery codes are made, returned this once and kept as digests. Every other
// session of the user ends (issue #49: one opened with the password alone must not outlive the change),
// but for the one that turned it on.
import { transaction } from "@/lib/db";
import { deleteRecoveryCodes, enableTotp, insertRecoveryCodes, userTwoFactor } from "@/lib/db/two-factor";
import { raiseSessionVersionKeeping } from "@/lib/db/users";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { checkTotp } from "@/lib/users/totp";
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeDigest } from "@/lib/users/recovery-codes";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { verifyStepUp } from "@/lib/users/verify-step-up";

const WRONG_CODE = "Kod doğrulanamadı. Uygulamadaki güncel 6 haneli kodu girin; telefonunuzun saatinin doğru olduğundan emin olun.";

/** `sessionId`: the session turning it on, which goes on. */
export async function confirmTwoFactor(tenantId: string, userId: string, code: unknown, password: unknown, ip: string, sessionId: string | null = null): Promise<{ recoveryCodes: string[] }> {
  await verifyStepUp(userId, String(password ?? ""), ip, sessionId);
  const u = await userTwoFactor(tenantId, userId);
  if (!u) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  if (u.totpSecret) throw new AppError("invalid_state", "İki adımlı doğrulama zaten açık.");
  if (!u.totpPending) throw new AppError("invalid_state", "Önce iki adımlı doğrulamayı başlatın.");
  const at = now();
  const step = await checkTotp(decrypt(u.totpPending), String(code ?? "").slice(0, 64), at, null);
  if (step === null) throw new AppError("validation_failed", WRONG_CODE, { code: [WRONG_CODE] });
  const recoveryCodes = newRecoveryCodes();
  const secret = env().APP_SECRET;
  const pending = u.totpPending;
  await transaction(async (tx) => {
    // Conditional on the secret the code was checked against: a setup restarted meanwhile wins.
    if ((await enableTotp(tx, tenantId, userId, pending, at, step)) !== 1) throw new AppError("invalid_state", "Kurulum bu sırada yeniden başlatıldı; yeni karekodu kullanın.");
    await deleteRecoveryCodes(tx, tenantId, userId);
    await insertRecoveryCodes(tx, tenantId, userId, recoveryCodes.map((c) => recoveryCodeDigest(secret, userId, normalizeRecoveryCode(c) ?? c)));
    await recordPanelAction({ tenantId, actorId: userId, action: "user.two_factor_on", target: userId }, tx);
    await raiseSessionVersionKeeping(tx, tenantId, userId, sessionId);
  });
  return { recoveryCodes };
}
