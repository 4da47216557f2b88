// Sends one outbox row's signing-link SMS — the link itself, or its reminder (decisions §23) — and
// records the outcome in the evidence chain. A refused send gives the quota unit back: the unit pays
// for an SMS that reached the provider.
import { db } from "@/lib/db";
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
  const prisma = db();
  const claimed = await prisma.smsMessage.updateMany({
    where: { id: messageId, status: "pending" },
    data: { status: "sending", attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return;
  const msg = await prisma.smsMessage.findUniqueOrThrow({
    where: { id: messageId },
    select: {
      tenantId: true,
      consentId: true,
      kind: true,
      unitsCharged: true,
      attempts: true,
      // issue #42: the tenant's own sender name, if it set one.
      tenant: { select: { name: true, branding: { select: { smsSender: true } } } },
      consent: { select: { phone: true, shortCode: true, language: true, expiresAt: true } },
    },
  });
  if (!msg.consent?.phone || !msg.consentId) {
    await prisma.smsMessage.update({ where: { id: messageId }, data: { status: "failed", error: "no recipient" } });
    return;
  }
  const consentId = msg.consentId;
  const kind = msg.kind === "reminder" ? "reminder" : "link";
  const language = isLanguage(msg.consent.language) ? msg.consent.language : "tr";
  const url = shortUrl(msg.consent.shortCode);
  const body =
    kind === "reminder"
      ? reminderSmsText(language, msg.tenant.name, url, formatAt(msg.consent.expiresAt, env().APP_TIMEZONE, language))
      : linkSmsText(language, msg.tenant.name, url);
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
    await prisma.smsMessage.update({ where: { id: messageId }, data: { status: "pending", error } });
    return;
  }

  const at = now();
  await prisma.$transaction(async (tx) => {
    if (error === null) {
      await tx.smsMessage.update({ where: { id: messageId }, data: { status: "sent", driver: driverName, providerRef, sentAt: at } });
      await appendEvent(tx, consentId, "sms_gonderildi", SYSTEM_ORIGIN, at, { message_id: messageId, kind, driver: driverName });
    } else {
      await tx.smsMessage.update({ where: { id: messageId }, data: { status: "failed", driver: driverName, error } });
      await refundSmsUnits(tx, msg.tenantId, consentId, msg.unitsCharged);
      await appendEvent(tx, consentId, "sms_basarisiz", SYSTEM_ORIGIN, at, { message_id: messageId, kind, error });
    }
  });
}
