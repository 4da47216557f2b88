// POST /v1/consents/{id}/resend: the same short link by SMS again, for one quota unit (decisions §5).
import { db } from "@/lib/db";
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
  const consent = await db().consent.findFirst({
    where: { id, tenantId },
    select: { status: true, expiresAt: true, phoneMasked: true, tenant: { select: { licenseEnds: true } } },
  });
  if (!consent) throw new AppError("not_found", "Onam bulunamadı.");
  if (consent.status !== "sent" || consent.expiresAt <= at) throw await notOpen(tenantId, id, "yeniden gönderim");
  assertLicenseValid(consent.tenant.licenseEnds, at);

  const messageId = await db().$transaction(async (tx) => {
    // Re-checked under the row lock: a signature or cancel that just happened wins.
    if (!(await lockOpenConsent(tx, tenantId, id, at))) return null;
    const units = await chargeSmsUnit(tx, tenantId, id, "consent_resend", origin.actor);
    const message = await tx.smsMessage.create({
      data: { id: newId("sms"), tenantId, consentId: id, kind: "link", toMasked: consent.phoneMasked ?? "", unitsCharged: units, createdAt: at },
      select: { id: true },
    });
    await appendEvent(tx, id, "yeniden_gonderildi", origin, at, { message_id: message.id });
    return message.id;
  });
  if (!messageId) throw await notOpen(tenantId, id, "yeniden gönderim");
  await sendLinkSms(messageId);
  return getConsentOrThrow(tenantId, id);
}
