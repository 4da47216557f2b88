// POST /s/{token}/otp: a new 6-digit code by SMS to the consent's phone (free of quota, decisions §11).
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { AppError } from "@/lib/api/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";
import { getSmsDriver } from "@/lib/sms/get-sms-driver";
import { SmsSendError } from "@/lib/sms/sms-driver";
import { closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { generateOtp, hashOtp, OTP_RESEND_MS, OTP_TTL_MS, resendWaitSeconds } from "@/lib/signing/otp-rules";

export function otpSmsText(institution: string, code: string): string {
  return `${institution} onam doğrulama kodunuz: ${code}. Kod 5 dakika geçerlidir; kimseyle paylaşmayın.`;
}

export async function requestOtp(token: string, origin: EventOrigin) {
  const c = await consentByTokenOrThrow(token);
  const code = generateOtp();
  const at = now();
  const outcome = await db().$transaction(async (tx) => {
    if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return { kind: "closed" as const };
    // Under the consent's row lock, so two quick taps cannot both send a code.
    const last = await tx.otpCode.findFirst({ where: { consentId: c.id }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
    const wait = resendWaitSeconds(last?.createdAt ?? null, at);
    if (wait > 0) return { kind: "wait" as const, wait };
    await tx.otpCode.create({
      data: { id: newId("otp"), consentId: c.id, codeHash: hashOtp(env().APP_SECRET, c.id, code), expiresAt: new Date(at.getTime() + OTP_TTL_MS), createdAt: at },
    });
    await appendEvent(tx, c.id, "otp_gonderildi", origin, at, { phone: c.phoneMasked, expires_in: OTP_TTL_MS / 1000 });
    return { kind: "sent" as const };
  });
  if (outcome.kind === "closed") throw closedError();
  if (outcome.kind === "wait") {
    throw new AppError("rate_limited", `Yeni kod için ${outcome.wait} saniye bekleyin.`, undefined, { retry_after: outcome.wait });
  }
  try {
    await getSmsDriver().send({ to: decrypt(c.phone!), body: otpSmsText(c.tenant.name, code), kind: "otp", consentId: c.id });
  } catch (err) {
    logger().warn({ err: err instanceof SmsSendError ? err.message : err, consentId: c.id }, "OTP SMS failed");
    await db().$transaction((tx) =>
      appendEvent(tx, c.id, "sms_basarisiz", origin, now(), { kind: "otp", error: err instanceof SmsSendError ? err.message : "SMS gönderilemedi" }),
    );
    throw new AppError("service_unavailable", "Doğrulama kodu gönderilemedi; bir dakika sonra tekrar deneyin.");
  }
  return { phone: c.phoneMasked, expires_in: OTP_TTL_MS / 1000, retry_after: OTP_RESEND_MS / 1000 };
}
