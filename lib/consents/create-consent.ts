// POST /v1/consents: freeze the template's published version, render it for this person, record the
// consent with its first evidence event and (when sending SMS) its quota unit and outbox message in
// one transaction; then hand the SMS to the driver. Every statement here goes straight to the driver
// (lib/db.ts sqlRows and transaction).
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { transaction, type Tx } from "@/lib/db";
import { insertConsent, insertConsentIn } from "@/lib/db/consents";
import { insertSmsMessage } from "@/lib/db/sms-messages";
import { newId } from "@/lib/ids";
import { parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { chargeSmsUnit } from "@/lib/quota/charge-sms-unit";
import { createConsentSchema, type CreateConsentInput } from "@/lib/consents/consent-schemas";
import { maskPhone } from "@/lib/phone";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { prepareConsent, type PreparedConsent } from "@/lib/consents/prepare-consent";
import { sendLinkSms } from "@/lib/consents/send-link-sms";
import { serializeConsent } from "@/lib/consents/serialize-consent";

/**
 * Inside the caller's transaction: the consent, its quota unit and its pending link SMS (the outbox
 * row the background runner sends should this process die first). Returns the message's id.
 */
export async function insertConsentWithSms(tx: Tx, tenantId: string, input: CreateConsentInput, p: PreparedConsent, actor: string): Promise<string> {
  await insertConsentIn(tx, p.values, p.firstEvent);
  const units = await chargeSmsUnit(tx, tenantId, p.id, "consent_create", actor);
  const id = newId("sms");
  await insertSmsMessage(tx, { id, tenantId, consentId: p.id, kind: "link", toMasked: maskPhone(input.telefon), unitsCharged: units, createdAt: p.at });
  return id;
}

export async function createConsent(tenantId: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const input = parseOrThrow(createConsentSchema, request);
  const prepared = await prepareConsent(tenantId, input, origin);
  // decisions §26: an in-person consent (kimlik_dogrulama: yuz_yuze) sends no SMS.
  if (!input.sms_gonder || input.kimlik_dogrulama === "yuz_yuze") {
    // The hot path of the API (and of the benchmark): one statement, straight to the driver.
    return serializeConsent(await insertConsent(prepared.values, prepared.firstEvent), prepared.at);
  }
  const smsMessageId = await transaction((tx) => insertConsentWithSms(tx, tenantId, input, prepared, origin.actor));
  // After commit: a failed send is recorded (sms_basarisiz) and never loses the consent; a crash
  // before this line leaves a pending outbox row that the background runner sends.
  await sendLinkSms(smsMessageId);
  return getConsentOrThrow(tenantId, prepared.id);
}
