// POST /s/{token}/otp: a new 6-digit code by SMS to the consent's phone (free of quota, decisions §11).
import { transaction } from "@/lib/db";
import { insertOtp, latestOtp } from "@/lib/db/signing";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { lockActionableConsent } from "@/lib/consents/lock-open-consent";
import { isLanguage } from "@/lib/i18n/languages";
import { otpSmsText } from "@/lib/i18n/sms-texts";
import { getSmsDriver } from "@/lib/sms/get-sms-driver";
import { SmsSendError } from "@/lib/sms/sms-driver";
import { assertByCode, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { generateOtp, hashOtp, OTP_RESEND_MS, OTP_TTL_MS, resendWaitSeconds } from "@/lib/signing/otp-rules";
import { CODES_IN_ALL, linkLimits, linkLockedError, tooSoonError } from "@/lib/signing/link-lock";
import { spendPhoneOtp } from "@/lib/signing/phone-otp-budget";

export async function requestOtp(token: string, origin: EventOrigin) {
  const c = await consentByTokenOrThrow(token);
  assertByCode(c);
  const code = generateOtp();
  const at = now();
  const to = decrypt(c.phone!);
  const outcome = await transaction(async (tx) => {
    const state = await lockActionableConsent(tx, c.tenantId, c.id, at);
    if (!state) return { kind: "closed" as const };
    // Under the consent's row lock, so two quick taps cannot both send a code.
    const limits = await linkLimits(tx, c.id, at, { completed: state === "withdrawable" });
    if (limits.locked) return { kind: "locked" as const, wait: limits.lockWait };
    if (limits.codes >= CODES_IN_ALL) {
      // The 11th code since the last resend: the link locks until the institution sends it again
      // (a completed consent's: for a while, link-lock.ts).
      await appendEvent(tx, c.id, "link_kilitlendi", origin, at, { reason: "codes", codes: limits.codes, wrong: limits.wrong });
      return { kind: "locked" as const, wait: limits.nextLockWait };
    }
    const last = await latestOtp(tx, c.id);
    const wait = resendWaitSeconds(last?.createdAt ?? null, at);
    if (wait > 0) return { kind: "wait" as const, wait, reason: "otp_wait" as const };
    if (limits.hourlyWait > 0) return { kind: "wait" as const, wait: limits.hourlyWait, reason: "otp_hourly" as const };
    // Last, so that a refused request does not use up the phone's allowance.
    const phone = await spendPhoneOtp(c.tenantId, to);
    if (!phone.allowed) return { kind: "wait" as const, wait: phone.wait, reason: "phone_hourly" as const };
    await insertOtp(tx, { id: newId("otp"), consentId: c.id, codeHash: hashOtp(env().APP_SECRET, c.id, code), expiresAt: new Date(at.getTime() + OTP_TTL_MS), createdAt: at });
    await appendEvent(tx, c.id, "otp_gonderildi", origin, at, { phone: c.phoneMasked, expires_in: OTP_TTL_MS / 1000 });
    return { kind: "sent" as const };
  });
  if (outcome.kind === "closed") throw closedError();
  if (outcome.kind === "locked") throw linkLockedError(outcome.wait);
  if (outcome.kind === "wait") throw tooSoonError(outcome.wait, outcome.reason);
  try {
    await getSmsDriver().send({ to, body: otpSmsText(isLanguage(c.language) ? c.language : "tr", c.tenant.name, code), kind: "otp", consentId: c.id, header: c.tenant.smsSender });
  } catch (err) {
    logger().warn({ err: err instanceof SmsSendError ? err.message : err, consentId: c.id }, "OTP SMS failed");
    await transaction((tx) =>
      appendEvent(tx, c.id, "sms_basarisiz", origin, now(), { kind: "otp", error: err instanceof SmsSendError ? err.message : "SMS gönderilemedi" }),
    );
    throw new AppError("service_unavailable", "Doğrulama kodu gönderilemedi; bir dakika sonra tekrar deneyin.");
  }
  return { phone: c.phoneMasked, expires_in: OTP_TTL_MS / 1000, retry_after: OTP_RESEND_MS / 1000 };
}
