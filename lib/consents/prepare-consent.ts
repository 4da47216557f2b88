// What a new consent is made of, before it is written: the template's published version frozen and
// rendered for this person, the row's values and its first evidence record. Shared by a create
// (POST /v1/consents) and a re-consent (decisions §22), which write it in their own ways.
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { encrypt } from "@/lib/encryption";
import { sha256Hex } from "@/lib/crypto";
import { newLinkToken, newShortCode, randomString } from "@/lib/ids";
import { formatDate } from "@/lib/time";
import { AppError } from "@/lib/errors";
import type { EventInsert } from "@/lib/db/evidence";
import { nextRecord, storedEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { assertLicenseValid } from "@/lib/quota/assert-license";
import type { CreateConsentInput } from "@/lib/consents/consent-schemas";
import { loadCreationBasis } from "@/lib/consents/load-creation-basis";
import { maskTc } from "@/lib/consents/national-id";
import { maskPhone } from "@/lib/phone";
import { fillPlaceholdersWithin } from "@/lib/templates/fill-placeholders";
import { parseStoredTranslations, textIn } from "@/lib/templates/translations";
import { encryptField } from "@/lib/consents/encrypted-fields";
import { printedValues, resolveVariables } from "@/lib/consents/resolve-variables";
import { TC_DIGEST_VERSION, tcDigest } from "@/lib/consents/tc-digest";
import { searchDigests } from "@/lib/consents/patient-search";

export interface PreparedConsent {
  id: string;
  at: Date;
  /** the row by column name */
  values: Record<string, unknown>;
  firstEvent: EventInsert;
  /** the published version it was rendered from */
  templateVersion: number;
}

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

/**
 * Renders the consent for `input` on the template's latest published version. `previousId` names the
 * consent a re-consent renews (decisions §22): the row and the first evidence record both carry it.
 */
export async function prepareConsent(tenantId: string, input: CreateConsentInput, origin: EventOrigin, previousId?: string): Promise<PreparedConsent> {
  const { tenant, published } = await loadCreationBasis(tenantId, input.sablon_kod);
  const at = now();
  // An expired licence (402) is reported before a template problem (422).
  assertLicenseValid(tenant.licenseEnds, at);
  if (!published) throw new AppError("template_unavailable", `'${input.sablon_kod}' şablonu bulunamadı, pasif ya da hiç yayımlanmamış.`);
  const fixed = builtins(input, tenant.name, at);
  // A variable declared with a built-in's name was resolved from the consent first (resolveVariables).
  const variables = resolveVariables(published.variables, input.degiskenler, fixed);
  // decisions §17: the text in the consent's language is what is shown, hashed, signed and printed.
  const text = textIn(input.dil, published.version);
  if (!text) {
    const have = ["tr", ...Object.keys(parseStoredTranslations(published.version.translations))].join(", ");
    throw new AppError("validation_failed", undefined, { dil: [`şablonun yayımlanan sürümünde bu dil yok (var olanlar: ${have})`] });
  }
  const rendered = fillPlaceholdersWithin(text.body, printedValues({ ...fixed, ...variables }, published.variables, input.dil));
  if (rendered === null) {
    throw new AppError("validation_failed", "İşlenmiş onam metni 512 KiB sınırını aşıyor.", {
      degiskenler: ["değerlerle doldurulan onam metni 512 KiB sınırını aşıyor"],
    });
  }
  const id = newConsentId(at);
  const validityHours = input.gecerlilik_saat ?? tenant.defaultValidityHours;
  const contentSha256 = sha256Hex(rendered);
  const countersign = input.hekim_imzasi ?? published.version.physicianCountersign;
  const first = nextRecord({ count: 0, hash: null }, "olusturuldu", origin, at, {
    // decisions §25: the chain is bound to its consent (two consents created in the same second by
    // the same key otherwise begin with the same record, hash included).
    consent_id: id,
    template: { code: published.template.code, version: published.version.version, content_sha256: contentSha256 },
    sms: input.sms_gonder,
    validity_hours: validityHours,
    // decisions §19: the parties the form waits for besides the person.
    ...(countersign ? { physician_countersign: true } : {}),
    ...(input.tanik_ad ? { witness: true } : {}),
    // decisions §22: the consent this one renews.
    ...(previousId ? { previous_id: previousId } : {}),
  });
  // The consent row and its first evidence record (seq 1, hashed here) in ONE statement.
  const values = {
    id,
    tenant_id: tenantId,
    template_id: published.template.id,
    template_version_id: published.version.id,
    template_code: published.template.code,
    template_version: published.version.version,
    content_sha256: contentSha256,
    // The rendered text names the person: encrypted like the other personal data.
    rendered_html: encrypt(rendered),
    external_ref: input.dis_ref ?? null,
    external_patient_id: input.dis_hasta_id ?? null,
    patient_name: encrypt(input.adsoyad),
    phone: encrypt(input.telefon),
    phone_masked: maskPhone(input.telefon),
    tc_masked: input.tc ? maskTc(input.tc) : null,
    tc_digest: input.tc ? tcDigest(tenantId, input.tc) : null,
    tc_digest_version: TC_DIGEST_VERSION,
    tc_encrypted: input.tc ? encrypt(input.tc) : null,
    search_digests: searchDigests(tenantId, { names: [input.adsoyad, input.onaylayan_ad], phone: input.telefon }),
    birth_date: input.dogum_tarih ? encrypt(input.dogum_tarih) : null,
    // decisions §15: these describe the person's health or family too.
    physician: encryptField(input.hekim),
    procedure: encryptField(input.islem),
    approver_type: input.onaylayan_tip,
    approver_name: input.onaylayan_ad ? encrypt(input.onaylayan_ad) : null,
    approver_relation: encryptField(input.yakinlik),
    animal_name: encryptField(input.hayvan_ad),
    animal_species: encryptField(input.hayvan_tur),
    variables: encrypt(JSON.stringify(variables)),
    // decisions §26: an in-person consent sends no SMS at all.
    sms_enabled: input.sms_gonder && input.kimlik_dogrulama !== "yuz_yuze",
    identity_check: input.kimlik_dogrulama,
    language: input.dil,
    interpreter_name: input.tercuman_ad ? encrypt(input.tercuman_ad) : null,
    witness_name: input.tanik_ad ? encrypt(input.tanik_ad) : null,
    countersign_required: countersign,
    // decisions §24: drawn or qualified, the tenant's setting unless the consent says
    physician_signature_type: input.hekim_imza_turu ?? tenant.physicianSignatureType,
    link_token: newLinkToken(),
    short_code: newShortCode(),
    created_at: at,
    expires_at: new Date(at.getTime() + validityHours * 3_600_000),
    created_by: origin.actor,
    event_count: first.seq,
    chain_head: first.hash,
    updated_at: at,
    ...(previousId ? { previous_id: previousId } : {}),
  };
  return { id, at, values, firstEvent: storedEvent(tenantId, first, at), templateVersion: published.version.version };
}
