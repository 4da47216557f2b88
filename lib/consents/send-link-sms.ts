// Sends one outbox row's signing-link SMS — the link itself, or its reminder (decisions §23) — and
// records the outcome in the evidence chain. A refused send gives the quota unit back: the unit pays
// for an SMS that reached the provider.
import { transaction } from "@/lib/db";
import { claimSmsMessage, failSmsWithoutRecipient, markSmsFailed, markSmsSent, requeueSmsMessage, smsMessageToSend } from "@/lib/db/sms-messages";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { refundSmsUnits } from "@/lib/quota/charge-sms-unit";
import { getSmsDriver } from "@/lib/sms/get-sms-driver";
import { SmsSendError } from "@/lib/sms/sms-driver";
import { shortUrl } from "@/lib/consents/serialize-consent";
import { isLanguage } from "@/lib/i18n/languages";
import { linkSmsText, reminderSmsText } from "@/lib/i18n/sms-texts";
import { formatAt } from "@/lib/i18n/format";

const MAX_ATTEMPTS = 3;

/** Sends the message if it is still pending (the request and the background runner may race for it). */
export async function sendLinkSms(messageId: string): Promise<void> {
  if (!(await claimSmsMessage(messageId))) return;
  const msg = await smsMessageToSend(messageId);
  if (!msg.consent?.phone || !msg.consentId) {
    await failSmsWithoutRecipient(messageId);
    return;
  }
  const consentId = msg.consentId;
  const kind = msg.kind === "reminder" ? "reminder" : "link";
  const language = isLanguage(msg.consent.language) ? msg.consent.language : "tr";
  const url = shortUrl(msg.consent.shortCode);
  const body =
    kind === "reminder"
      ? reminderSmsText(language, msg.tenant.name, url, formatAt(msg.consent.expiresAt, env().APP_TIMEZONE, language))
      : linkSmsText(language, msg.tenant.name, url, msg.consent.previousId !== null);
  const header = msg.tenant.branding?.smsSender ?? null;
  let driverName: string = env().SMS_DRIVER;
  let providerRef: string | null = null;
  let error: string | null = null;
  let retry = false;
  try {
    const driver = getSmsDriver();
    driverName = driver.name;
    ({ providerRef } = await driver.send({
      to: decrypt(msg.consent.phone),
      body,
      kind,
      consentId,
      header,
    }));
  } catch (err) {
    error = err instanceof SmsSendError ? err.message : "SMS gönderilemedi (beklenmeyen hata)";
    retry = err instanceof SmsSendError && err.retryable && msg.attempts < MAX_ATTEMPTS;
    logger().warn({ err: err instanceof SmsSendError ? err.message : err, messageId, consentId, retry }, "link SMS failed");
  }

  if (retry) {
    // A passing provider fault (rate limit, timeout, 5xx): the background runner tries again.
    await requeueSmsMessage(messageId, error);
    return;
  }

  const at = now();
  await transaction(async (tx) => {
    if (error === null) {
      await markSmsSent(tx, msg.tenantId, messageId, driverName, providerRef, at);
      await appendEvent(tx, consentId, "sms_gonderildi", SYSTEM_ORIGIN, at, { message_id: messageId, kind, driver: driverName });
    } else {
      await markSmsFailed(tx, msg.tenantId, messageId, driverName, error);
      await refundSmsUnits(tx, msg.tenantId, consentId, msg.unitsCharged);
      await appendEvent(tx, consentId, "sms_basarisiz", SYSTEM_ORIGIN, at, { message_id: messageId, kind, error });
    }
  });
}
