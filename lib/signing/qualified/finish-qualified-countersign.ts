// POST /v1/consents/{id}/countersign with { prepare_id, imza_degeri } (decisions §24): the second step
// of a physician's qualified countersignature. The value must be the certificate's signature over the
// prepared signed attributes (else 422 `imza_degeri`); the certificate must chain to an anchor of
// QUALIFIED_TRUST_ANCHORS, allow nonRepudiation, be valid now and `good` at its OCSP responder (else
// 422 `sertifika`, with the reason). Then the CMS (ETSI.CAdES.detached) goes into the reserved field,
// and, as a drawn countersignature does (§19), one transaction records it — the prepare used, the
// consent `completed` with the certificate and the signed file, `hekim_imzaladi` — and queues the
// completion, which seals it after the physician's signature, adds the DSS and the document
// time-stamp (lib/completion, advanceCompletion).
import { transaction } from "@/lib/db";
import { markCountersigned } from "@/lib/db/consents";
import { countersignBasis } from "@/lib/db/consent-reads";
import { forgetOtherPrepares, openQualifiedPrepare, useQualifiedPrepare } from "@/lib/db/qualified-prepares";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";
import { logger } from "@/lib/log";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { notOpen } from "@/lib/consents/cancel-consent";
import { queueCompletion } from "@/lib/consents/completion-event";
import { keepCertificate, summarizeCertificate } from "@/lib/consents/countersign-certificate";
import { decryptFieldBytes, encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { checkQualifiedCertificate, QualifiedCertificateError } from "@/lib/sealing/check-qualified-certificate";
import { placeQualifiedSignature, signatureValueFor } from "@/lib/sealing/qualified-signature";
import { qualifiedTrustAnchors } from "@/lib/sealing/qualified-trust-anchors";

class LostRace extends Error {}

const RULE = "yalnızca hekim onayı bekleyen (signed) bir onam imzalanabilir";
const unknownPrepare = () => new AppError("invalid_state", "prepare_id bilinmiyor, kullanılmış ya da süresi dolmuş (10 dakika): imzayı yeniden hazırlayın.");

export async function finishQualifiedCountersign(
  tenantId: string,
  consentId: string,
  input: { prepareId: string; signatureValue: Buffer },
  actor: EventOrigin,
): Promise<ConsentObject> {
  const row = await countersignBasis(tenantId, consentId);
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  if (row.status !== "signed" || row.purgedAt) throw await notOpen(tenantId, consentId, "hekim imzası", RULE);
  const at = now();
  const prepared = await openQualifiedPrepare(tenantId, consentId, input.prepareId, at);
  if (!prepared?.pdf) throw unknownPrepare();
  const certificate = Buffer.from(prepared.certificate);
  const signedAttributes = Buffer.from(prepared.signedAttributes);
  const signatureValue = signatureValueFor(certificate, signedAttributes, input.signatureValue);
  if (!signatureValue) {
    throw new AppError("validation_failed", undefined, { imza_degeri: ["sertifikanın anahtarıyla signed_attributes üzerine atılmış bir imza değil (RSA PKCS#1 v1.5 ya da ECDSA, SHA-256)"] });
  }
  const chain = prepared.chain ? prepared.chain.split(" ").map((b) => Buffer.from(b, "base64")) : [];
  let path: Buffer[];
  try {
    ({ path } = await checkQualifiedCertificate(certificate, chain, await qualifiedTrustAnchors(), at));
  } catch (err) {
    if (!(err instanceof QualifiedCertificateError)) throw err;
    logger().info({ consentId, reason: err.message }, "qualified countersignature refused: certificate");
    throw new AppError("validation_failed", undefined, { sertifika: [err.message] });
  }
  const signedPdf = placeQualifiedSignature(decryptFieldBytes(prepared.pdf), [certificate, ...chain], signedAttributes, signatureValue);
  const name = decrypt(prepared.physicianName);
  const registrationNo = prepared.registrationNo ? decrypt(prepared.registrationNo) : null;
  const done = await transaction(async (tx) => {
    if ((await useQualifiedPrepare(tx, tenantId, prepared.id, at)) === 0) return "used" as const;
    const count = await markCountersigned(tx, tenantId, consentId, at, {
      countersignedBy: actor.actor,
      countersignerName: prepared.physicianName,
      countersignerRegistrationNo: prepared.registrationNo,
      informedAt: prepared.informedAt,
      countersignature: null,
      countersignMethod: "nitelikli",
      countersignCertificate: keepCertificate(path),
      countersignedPdf: encryptFieldBytes(signedPdf),
    });
    // Another countersignature or a cancellation came first: rolled back, the prepare's use with it.
    if (count === 0) throw new LostRace();
    await appendEvent(tx, consentId, "hekim_imzaladi", actor, at, {
      ad: name,
      tescil_no: registrationNo,
      bilgilendirme_zamani: formatDateTime(prepared.informedAt, env().APP_TIMEZONE),
      imza_turu: "nitelikli",
      sertifika: summarizeCertificate(certificate),
    });
    await forgetOtherPrepares(tx, tenantId, consentId, prepared.id);
    await queueCompletion(tx, consentId, at);
    return "done" as const;
  }).catch((err: unknown) => {
    if (err instanceof LostRace) return "lost" as const;
    throw err;
  });
  if (done === "used") throw unknownPrepare();
  if (done === "lost") throw await notOpen(tenantId, consentId, "hekim imzası", RULE);
  return getConsentOrThrow(tenantId, consentId);
}
