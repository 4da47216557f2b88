// Turning on two-factor sign-in, second step (issue #42): the password again (verify-step-up.ts:
// whoever found a session left open must not link their own app and lock the user out), and a code
// from the app proves it holds the secret shown; only then does sign-in ask for codes. The code's step is remembered (it cannot sign
// in again), and ten recovery codes are made, returned this once and kept as digests.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { checkTotp } from "@/lib/panel/totp";
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeDigest } from "@/lib/panel/recovery-codes";
import { recordPanelAction } from "@/lib/panel/panel-audit";
import { verifyStepUp } from "@/lib/panel/verify-step-up";

const WRONG_CODE = "Kod doğrulanamadı. Uygulamadaki güncel 6 haneli kodu girin; telefonunuzun saatinin doğru olduğundan emin olun.";

export async function confirmTwoFactor(tenantId: string, userId: string, code: unknown, password: unknown, ip: string): Promise<{ recoveryCodes: string[] }> {
  await verifyStepUp(userId, String(password ?? ""), ip);
  const u = await db().user.findFirst({ where: { id: userId, tenantId }, select: { totpSecret: true, totpPending: true } });
  if (!u) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  if (u.totpSecret) throw new AppError("invalid_state", "İki adımlı doğrulama zaten açık.");
  if (!u.totpPending) throw new AppError("invalid_state", "Önce iki adımlı doğrulamayı başlatın.");
  const at = now();
  const step = await checkTotp(decrypt(u.totpPending), String(code ?? "").slice(0, 64), at, null);
  if (step === null) throw new AppError("validation_failed", WRONG_CODE, { code: [WRONG_CODE] });
  const recoveryCodes = newRecoveryCodes();
  const secret = env().APP_SECRET;
  await db().$transaction(async (tx) => {
    // Conditional on the secret the code was checked against: a setup restarted meanwhile wins.
    const on = await tx.user.updateMany({
      where: { id: userId, tenantId, totpSecret: null, totpPending: u.totpPending },
      data: { totpSecret: u.totpPending, totpPending: null, totpEnabledAt: at, totpLastStep: step },
    });
    if (on.count !== 1) throw new AppError("invalid_state", "Kurulum bu sırada yeniden başlatıldı; yeni karekodu kullanın.");
    await tx.recoveryCode.deleteMany({ where: { tenantId, userId } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ tenantId, userId, digest: recoveryCodeDigest(secret, userId, normalizeRecoveryCode(c) ?? c) })),
    });
    await recordPanelAction({ tenantId, actorId: userId, action: "user.two_factor_on", target: userId }, tx);
  });
  return { recoveryCodes };
}
