// The HTTP bodies of a physician's countersignature (decisions §19, §24) turned into the operations:
// POST …/countersign carries either a drawn signature (`imza`) or, for a qualified one, the value for
// a prepared signature (`prepare_id`, `imza_degeri`); POST …/countersign/prepare prepares one.
import { env } from "@/lib/env";
import { AppError, parseOrThrow } from "@/lib/errors";
import { parseDateTimeIn, formatDateTime } from "@/lib/time";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { countersignConsent } from "@/lib/consents/countersign-consent";
import { finishQualifiedCountersign } from "@/lib/signing/qualified/finish-qualified-countersign";
import { prepareQualifiedCountersign } from "@/lib/signing/qualified/prepare-qualified-countersign";
import { finishSchema, prepareSchema, type PreparedAnswer } from "@/lib/signing/qualified/qualified-countersign-schemas";

/** A body with `prepare_id` is the second step of a qualified countersignature; any other a drawn one. */
export async function countersignRequest(tenantId: string, id: string, body: unknown, origin: EventOrigin): Promise<ConsentObject> {
  if (body && typeof body === "object" && "prepare_id" in body) {
    const input = parseOrThrow(finishSchema, body);
    return finishQualifiedCountersign(tenantId, id, { prepareId: input.prepare_id, signatureValue: input.imza_degeri }, origin);
  }
  return countersignConsent(tenantId, id, body, origin);
}

export async function prepareCountersignRequest(tenantId: string, id: string, body: unknown, origin: EventOrigin): Promise<PreparedAnswer> {
  const input = parseOrThrow(prepareSchema, body);
  const tz = env().APP_TIMEZONE;
  const informed = parseDateTimeIn(input.bilgilendirme_zamani, tz);
  if (!informed) throw new AppError("validation_failed", undefined, { bilgilendirme_zamani: ["geçerli bir tarih ve saat değil"] });
  const prepared = await prepareQualifiedCountersign(
    tenantId,
    id,
    { hekimAd: input.hekim_ad, hekimTescilNo: input.hekim_tescil_no, bilgilendirmeZamani: informed, certificateDer: input.sertifika, chainDer: input.zincir },
    origin,
  );
  return {
    prepare_id: prepared.prepareId,
    signed_attributes: prepared.signedAttributes.toString("base64"),
    to_be_signed_sha256: prepared.toBeSignedSha256,
    expires_at: formatDateTime(prepared.expiresAt, tz),
  };
}
