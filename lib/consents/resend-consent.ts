// POST /v1/consents/{id}/resend: the same short link by SMS again, for one quota unit (decisions §5).
import { transaction } from "@/lib/db";
import { resendBasis } from "@/lib/db/consent-reads";
import { insertSmsMessage } from "@/lib/db/sms-messages";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { assertLicenseValid } from "@/lib/quota/assert-license";
import { chargeSmsUnit } from "@/lib/quota/charge-sms-unit";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { notOpen } from "@/lib/consents/cancel-consent";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";
import { sendLinkSms } from "@/lib/consents/send-link-sms";

export async function resendConsent(tenantId: string, id: string, origin: EventOrigin): Promise<ConsentObject> {
  const at = now();
  const consent = await resendBasis(tenantId, id);
  if (!consent) throw new AppError("not_found", "Onam bulunamadı.");
  if (consent.status !== "sent" || consent.expiresAt <= at) throw await notOpen(tenantId, id, "yeniden gönderim");
  // decisions §26: an in-person consent has no link to send; it opens on the clinic's kiosk view.
  if (consent.identityCheck === "yuz_yuze") throw new AppError("invalid_state", "Yüz yüze kimlik doğrulamalı onam SMS ile gönderilmez; panelin kiosk görünümünde açılır.", undefined, { reason: "in_person" });
  assertLicenseValid(consent.licenseEnds, at);

  const messageId = await transaction(async (tx) => {
    // Re-checked under the row lock: a signature or cancel that just happened wins.
    if (!(await lockOpenConsent(tx, tenantId, id, at))) return null;
    const units = await chargeSmsUnit(tx, tenantId, id, "consent_resend", origin.actor);
    const messageId = newId("sms");
    await insertSmsMessage(tx, { id: messageId, tenantId, consentId: id, kind: "link", toMasked: consent.phoneMasked ?? "", unitsCharged: units, createdAt: at });
    await appendEvent(tx, id, "yeniden_gonderildi", origin, at, { message_id: messageId });
    return messageId;
  });
  if (!messageId) throw await notOpen(tenantId, id, "yeniden gönderim");
  await sendLinkSms(messageId);
  return getConsentOrThrow(tenantId, id);
}
