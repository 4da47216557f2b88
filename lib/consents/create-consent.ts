// POST /v1/consents: freeze the template's published version, render it for this person, record the
// consent with its first evidence event and (when sending SMS) its quota unit and outbox message in
// one transaction; then hand the SMS to the driver.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { encrypt } from "@/lib/encryption";
import { sha256Hex } from "@/lib/crypto";
import { newId, newLinkToken, newShortCode, randomString } from "@/lib/ids";
import { formatDate } from "@/lib/time";
import { AppError, parseOrThrow } from "@/lib/api/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { assertLicenseValid } from "@/lib/quota/assert-license";
import { chargeSmsUnit } from "@/lib/quota/charge-sms-unit";
import { getPublishedVersionOrThrow } from "@/lib/templates/get-published-version";
import { createConsentSchema, type CreateConsentInput } from "@/lib/consents/consent-schemas";
import { maskTc } from "@/lib/consents/national-id";
import { maskPhone } from "@/lib/consents/phone";
import { fillPlaceholders } from "@/lib/consents/render-consent";
import { resolveVariables } from "@/lib/consents/resolve-variables";
import { tcDigest } from "@/lib/consents/tc-digest";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { sendLinkSms } from "@/lib/consents/send-link-sms";
import type { ConsentObject } from "@/lib/consents/serialize-consent";

function newConsentId(at: Date): string {
  const ymd = formatDate(at, env().APP_TIMEZONE).replace(/-/g, "").slice(2);
  return `ons_${ymd}_${randomString(14)}`;
}

/** The built-in placeholders of decisions §5, filled from the consent itself. */
function builtins(input: CreateConsentInput, institution: string, at: Date): Record<string, string> {
  return {
    adsoyad: input.adsoyad,
    tc_masked: input.tc ? maskTc(input.tc) : "",
    dogum_tarih: input.dogum_tarih ?? "",
    hekim: input.hekim ?? "",
    islem: input.islem ?? "",
    kurum: institution,
    tarih: formatDate(at, env().APP_TIMEZONE),
    onaylayan_ad: input.onaylayan_ad ?? (input.onaylayan_tip === "veli" || input.onaylayan_tip === "vasi" ? "" : input.adsoyad),
    yakinlik: input.yakinlik ?? "",
    hayvan_ad: input.hayvan_ad ?? "",
    hayvan_tur: input.hayvan_tur ?? "",
  };
}

export async function createConsent(tenantId: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const input = parseOrThrow(createConsentSchema, request);
  const prisma = db();
  const tenant = await prisma.tenant.findUnique({
    where: { id: tenantId },
    select: { name: true, licenseEnds: true, defaultValidityHours: true },
  });
  if (!tenant) throw new AppError("not_found");
  const at = now();
  assertLicenseValid(tenant.licenseEnds, at);
  const published = await getPublishedVersionOrThrow(tenantId, input.sablon_kod);
  const variables = resolveVariables(published.variables, input.degiskenler);
  // Template variables cannot shadow built-ins (templates refuse such names), so the order is moot.
  const rendered = fillPlaceholders(published.version.body, { ...variables, ...builtins(input, tenant.name, at) });
  const id = newConsentId(at);
  const validityHours = input.gecerlilik_saat ?? tenant.defaultValidityHours;

  const smsMessageId = await prisma.$transaction(async (tx) => {
    await tx.consent.create({
      data: {
        id,
        tenantId,
        templateId: published.template.id,
        templateVersionId: published.version.id,
        templateCode: published.template.code,
        templateVersion: published.version.version,
        contentSha256: sha256Hex(rendered),
        // The rendered text names the person: encrypted like the other personal data.
        renderedHtml: encrypt(rendered),
        externalRef: input.dis_ref ?? null,
        externalPatientId: input.dis_hasta_id ?? null,
        patientName: encrypt(input.adsoyad),
        phone: encrypt(input.telefon),
        phoneMasked: maskPhone(input.telefon),
        tcMasked: input.tc ? maskTc(input.tc) : null,
        tcDigest: input.tc ? tcDigest(input.tc) : null,
        tcEncrypted: input.tc ? encrypt(input.tc) : null,
        birthDate: input.dogum_tarih ? encrypt(input.dogum_tarih) : null,
        physician: input.hekim ?? null,
        procedure: input.islem ?? null,
        approverType: input.onaylayan_tip,
        approverName: input.onaylayan_ad ? encrypt(input.onaylayan_ad) : null,
        approverRelation: input.yakinlik ?? null,
        animalName: input.hayvan_ad ?? null,
        animalSpecies: input.hayvan_tur ?? null,
        variables: encrypt(JSON.stringify(variables)),
        smsEnabled: input.sms_gonder,
        linkToken: newLinkToken(),
        shortCode: newShortCode(),
        createdAt: at,
        expiresAt: new Date(at.getTime() + validityHours * 3_600_000),
        createdBy: origin.actor,
      },
      select: { id: true },
    });
    await appendEvent(tx, id, "olusturuldu", origin, at, {
      template: { code: published.template.code, version: published.version.version, content_sha256: sha256Hex(rendered) },
      sms: input.sms_gonder,
      validity_hours: validityHours,
    });
    if (!input.sms_gonder) return null;
    const units = await chargeSmsUnit(tx, tenantId, id, "consent_create", origin.actor);
    const message = await tx.smsMessage.create({
      data: { id: newId("sms"), tenantId, consentId: id, kind: "link", toMasked: maskPhone(input.telefon), unitsCharged: units, createdAt: at },
      select: { id: true },
    });
    return message.id;
  });

  // After commit: a failed send is recorded (sms_basarisiz) and never loses the consent; a crash
  // before this line leaves a pending outbox row that the background runner sends.
  if (smsMessageId) await sendLinkSms(smsMessageId);
  return getConsentOrThrow(tenantId, id);
}
