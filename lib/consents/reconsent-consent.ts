// POST /v1/consents/{id}/reconsent (decisions §22): a consent for the same person on the template's
// current published version, linked both ways (previous_id / replaced_by) and in both evidence chains.
// The renewed consent's row is locked while the new one is written, so two calls at once create
// exactly one; the quota and the SMS are those of a create.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { transaction } from "@/lib/db";
import { insertConsentIn } from "@/lib/db/consents";
import { reconsentSource } from "@/lib/db/consent-reads";
import { lockForReconsent, setReplacedBy, type ReconsentLock } from "@/lib/db/reconsent";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { createConsentSchema, reconsentSchema, type CreateConsentInput, type ReconsentInput } from "@/lib/consents/consent-schemas";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { effectiveStatus } from "@/lib/consents/consent-status";
import { insertConsentWithSms } from "@/lib/consents/create-consent";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { cancelIn } from "@/lib/consents/cancel-consent";
import { prepareConsent } from "@/lib/consents/prepare-consent";
import { sendLinkSms } from "@/lib/consents/send-link-sms";

/** A replacement that ended without a signature leaves the consent to be renewed again. */
const ENDED_UNSIGNED = new Set(["rejected", "expired", "cancelled"]);

/** decisions §26: an open consent (sent or signed) a material change reached: renewed by cancelling it. */
function openAndOutdated(l: ReconsentLock, at: Date): boolean {
  const status = effectiveStatus(l.status, l.expiresAt, at);
  return l.reconsentRequired && (status === "sent" || status === "signed");
}

/** Why an open consent renewed after a material change was cancelled (decisions §26). */
const TEXT_CHANGED = "Metin değişti";

/** The 409 (or 410) for a consent that cannot be renewed now; null when it can. */
function refusal(l: ReconsentLock, at: Date): AppError | null {
  if (l.purgedAt) return new AppError("purged", "Kayıt saklama politikası (kurum) gereği silindi; yeniden onam için yeni bir onam oluşturun.");
  if (l.status === "superseded" || (l.replacedBy && !ENDED_UNSIGNED.has(effectiveStatus(l.replacementStatus ?? "", l.replacementExpiresAt ?? at, at)))) {
    return new AppError("invalid_state", `Onam için zaten yeniden onam oluşturulmuş (${l.replacedBy ?? "yenilendi"}).`);
  }
  if (openAndOutdated(l, at)) return null;
  if (l.status !== "completed") {
    return new AppError("invalid_state", `Onam '${l.status}' durumunda; yalnızca tamamlanmış (completed) bir onam için yeniden onam alınabilir.`);
  }
  // Its completion (document, first timestamp cycle, consent.completed) must be over: a superseded
  // consent's pipeline stops, and its timestamp would never be retried.
  if (l.announcedAt === null) {
    return new AppError("invalid_state", "Onamın belgesi ve zaman damgası henüz tamamlanmadı (consent.completed gönderilmedi); biraz sonra yineleyin.");
  }
  return null;
}

/** The renewed consent as a create request: the same person fields and variable values. */
async function sourceRequest(tenantId: string, id: string): Promise<{ request: Record<string, unknown>; version: number; lock: ReconsentLock }> {
  const c = await reconsentSource(tenantId, id);
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  const lock: ReconsentLock = {
    status: c.status,
    purgedAt: c.purgedAt,
    announcedAt: c.completionAnnouncedAt,
    replacedBy: c.replacedBy,
    replacementStatus: null,
    replacementExpiresAt: null,
    reconsentRequired: c.reconsentRequired,
    expiresAt: c.expiresAt,
  };
  if (c.purgedAt || c.patientName === null || c.phone === null) return { request: {}, version: c.templateVersion, lock: { ...lock, purgedAt: c.purgedAt ?? new Date(0) } };
  const dec = (v: string | null) => (v === null ? undefined : decrypt(v));
  return {
    version: c.templateVersion,
    lock,
    request: {
      sablon_kod: c.templateCode,
      adsoyad: decrypt(c.patientName),
      telefon: decrypt(c.phone),
      tc: dec(c.tcEncrypted),
      dogum_tarih: dec(c.birthDate),
      hekim: decryptField(c.physician) ?? undefined,
      islem: decryptField(c.procedure) ?? undefined,
      onaylayan_tip: c.approverType,
      onaylayan_ad: dec(c.approverName),
      yakinlik: decryptField(c.approverRelation) ?? undefined,
      hayvan_ad: decryptField(c.animalName) ?? undefined,
      hayvan_tur: decryptField(c.animalSpecies) ?? undefined,
      dis_ref: c.externalRef ?? undefined,
      dis_hasta_id: c.externalPatientId ?? undefined,
      dil: c.language,
      // decisions §26: the parties of the form are kept.
      hekim_imzasi: c.countersignRequired,
      hekim_imza_turu: c.physicianSignatureType,
      tanik_ad: dec(c.witnessName),
      tercuman_ad: dec(c.interpreterName),
      degiskenler: c.variables ? (JSON.parse(decrypt(c.variables)) as Record<string, string>) : {},
    },
  };
}

/** The parties the request overrides (null drops a name), as create fields. */
function overrides(opts: ReconsentInput): Record<string, unknown> {
  const fields = ["hekim_imzasi", "hekim_imza_turu", "tanik_ad", "tercuman_ad", "onaylayan_tip", "onaylayan_ad", "yakinlik", "dis_hasta_id"] as const;
  return Object.fromEntries(fields.flatMap((f) => (opts[f] === undefined ? [] : [[f, opts[f] ?? undefined]])));
}

export async function reconsentConsent(tenantId: string, id: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const opts = parseOrThrow(reconsentSchema, request);
  const source = await sourceRequest(tenantId, id);
  // Refused early when it plainly cannot be renewed; checked again under the lock below.
  const early = refusal({ ...source.lock, replacedBy: null }, now());
  if (early) throw early;
  const language = opts.dil ?? (source.request.dil as string | undefined);
  const input: CreateConsentInput = parseOrThrow(createConsentSchema, {
    ...source.request,
    sms_gonder: opts.sms_gonder,
    ...(opts.gecerlilik_saat === undefined ? {} : { gecerlilik_saat: opts.gecerlilik_saat }),
    ...(opts.dil === undefined ? {} : { dil: opts.dil }),
    ...overrides(opts),
    // An interpreter explains a text in another language: a renewal in Turkish keeps none unless named.
    ...(language === "tr" && opts.tercuman_ad === undefined ? { tercuman_ad: undefined } : {}),
    degiskenler: { ...(source.request.degiskenler as Record<string, string>), ...opts.degiskenler },
  });
  const prepared = await prepareConsent(tenantId, input, origin, id);
  if (prepared.templateVersion <= source.version) {
    throw new AppError("invalid_state", `Onam şablonun yayımlanan son sürümünde (${source.version}); yeniden onam yeni bir sürüm yayımlandıktan sonra alınır.`);
  }
  const smsMessageId = await transaction(async (tx) => {
    const locked = await lockForReconsent(tx, tenantId, id);
    if (!locked) throw new AppError("not_found", "Onam bulunamadı.");
    const refused = refusal(locked, prepared.at);
    if (refused) throw refused;
    // decisions §26: an open consent on the outdated text is cancelled in favour of the new one.
    if (openAndOutdated(locked, prepared.at) && !(await cancelIn(tx, tenantId, id, prepared.at, TEXT_CHANGED, origin))) {
      throw new AppError("invalid_state", "Onam artık açık değil; yeniden onam alınamadı.");
    }
    const messageId = input.sms_gonder ? await insertConsentWithSms(tx, tenantId, input, prepared, origin.actor) : (await insertConsentIn(tx, prepared.values, prepared.firstEvent), null);
    await setReplacedBy(tx, tenantId, id, prepared.id);
    await appendEvent(tx, id, "yeniden_onam_olusturuldu", origin, prepared.at, { replaced_by: prepared.id, template_version: prepared.templateVersion });
    return messageId;
  });
  // After commit, as for a create: a crash before this line leaves the pending message to the runner.
  if (smsMessageId) await sendLinkSms(smsMessageId);
  return getConsentOrThrow(tenantId, prepared.id);
}
