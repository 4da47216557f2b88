// POST /v1/consents/{id}/countersign and the panel's countersignature (decisions §19): the physician
// who informed the person signs a consent the person signed (`signed`). Exactly one countersignature
// wins however many race (the API and the panel, two tabs): a conditional transition of `signed`.
// Its transaction queues the completion; off the request, the pipeline produces the document with
// every signature, seals and timestamps it, and announces consent.completed — not before.
// Issue #51: the physician draws (`imza`) or types their name (`yazili_imza`), as the person may
// (decisions §23); the panel may also give the signature the physician saved in their account.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { markCountersigned } from "@/lib/db/consents";
import { countersignBasis } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { encrypt } from "@/lib/encryption";
import { sha256Hex } from "@/lib/crypto";
import { formatDateTime, parseDateTimeIn } from "@/lib/time";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { printedText } from "@/lib/consents/printed-text";
import { encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { notOpen } from "@/lib/consents/cancel-consent";
import { queueCompletion } from "@/lib/consents/completion-event";
import { assertDrawn, drawnSignatureOf } from "@/lib/signature-image";
import type { CountersignMethod } from "@/lib/consents/countersign-method";

/** decisions §19: the physician's signature PNG, at most. */
const MAX_COUNTERSIGNATURE_BYTES = 256 * 1024;
/** decisions §19: the time of informing, not more than this before the consent was created. */
const INFORMED_BEFORE_CREATION_MS = 30 * 24 * 3_600_000;
/** issue #51: a typed name as long as the physician's own name may be (hekim_ad). */
const MAX_TYPED_NAME = 200;

export const countersignSchema = z.object({
  hekim_ad: printedText(200),
  hekim_tescil_no: z
    .union([printedText(50), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  bilgilendirme_zamani: z.string({ error: "zorunlu" }).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "YYYY-AA-GG SS:DD:ss biçiminde olmalı"),
  // Exactly one of the drawn PNG and the typed name (issue #51, as decisions §23 for the person).
  imza: drawnSignatureOf(MAX_COUNTERSIGNATURE_BYTES).optional().meta({ description: "the drawn signature: a PNG data URL of at most 256 KiB (evidence imza_turu cizim)" }),
  yazili_imza: printedText(MAX_TYPED_NAME)
    .optional()
    .meta({ description: "issue #51: instead of imza, the name the physician typed (evidence imza_turu yazili; physician_countersign.signature_type typed); the PDF prints it marked \"yazılarak imzalandı\"" }),
}).superRefine((v, ctx) => {
  if (v.imza && v.yazili_imza !== undefined) ctx.addIssue({ code: "custom", path: ["yazili_imza"], message: "imza ile yazılan ad birlikte verilemez" });
  if (!v.imza && v.yazili_imza === undefined) ctx.addIssue({ code: "custom", path: ["imza"], message: "imza gerekli" });
});

/** The time of informing as an instant, checked against the consent's own times. */
function informedAt(text: string, consent: { createdAt: Date; signedAt: Date | null }, at: Date): Date {
  const when = parseDateTimeIn(text, env().APP_TIMEZONE);
  if (!when) throw new AppError("validation_failed", undefined, { bilgilendirme_zamani: ["geçerli bir tarih ve saat değil"] });
  return checkInformedAt(when, consent, at);
}

/** decisions §19: the time of informing not in the future, not after the person's signature, not 30 days before creation. */
export function checkInformedAt(when: Date, consent: { createdAt: Date; signedAt: Date | null }, at: Date): Date {
  const refuse = (message: string) => new AppError("validation_failed", undefined, { bilgilendirme_zamani: [message] });
  if (when > at) throw refuse("gelecekte olamaz");
  if (consent.signedAt && when > consent.signedAt) throw refuse("kişinin imzasından (signed_at) sonra olamaz");
  if (when.getTime() < consent.createdAt.getTime() - INFORMED_BEFORE_CREATION_MS) throw refuse("onamın oluşturulmasından 30 günden daha önce olamaz");
  return when;
}

/**
 * `saved`: the panel's "use my saved signature" — the PNG is the one the physician keeps in their
 * account (read by the caller from the signed-in user's own row, never from the form), recorded as
 * `kayitli` so the evidence tells it from a signature drawn for this consent.
 */
export async function countersignConsent(tenantId: string, id: string, request: unknown, origin: EventOrigin, saved = false): Promise<ConsentObject> {
  const row = await countersignBasis(tenantId, id);
  if (!row) throw new AppError("not_found", "Onam bulunamadı.");
  // A consent not awaiting the physician answers 409 whatever is sent (as a sign on a closed link does).
  if (row.status !== "signed" || row.purgedAt) throw await notOpen(tenantId, id, "hekim imzası", "yalnızca hekim onayı bekleyen (signed) bir onam imzalanabilir");
  // decisions §24: where the physician signs with a qualified certificate, a drawing does not do.
  if (row.physicianSignatureType === "nitelikli") {
    throw new AppError("validation_failed", undefined, { imza: ["bu onamda hekim nitelikli elektronik imzayla imzalar (hekim_imza_turu: nitelikli): önce POST /v1/consents/{id}/countersign/prepare"] });
  }
  const input = parseOrThrow(countersignSchema, request);
  const at = now();
  const informed = informedAt(input.bilgilendirme_zamani, row, at);
  const png = input.imza ? await assertDrawn(input.imza, "imza") : null;
  const typed = png ? null : input.yazili_imza!;
  const method: CountersignMethod = typed !== null ? "yazili" : saved ? "kayitli" : "cizim";
  const done = await transaction(async (tx) => {
    const count = await markCountersigned(tx, tenantId, id, at, {
      countersignedBy: origin.actor,
      countersignerName: encrypt(input.hekim_ad),
      countersignerRegistrationNo: input.hekim_tescil_no ? encrypt(input.hekim_tescil_no) : null,
      informedAt: informed,
      countersignature: png ? encryptFieldBytes(png) : null,
      countersignMethod: method,
      countersignTyped: typed !== null ? encrypt(typed) : null,
    });
    if (count === 0) return false;
    await appendEvent(tx, id, "hekim_imzaladi", origin, at, {
      ad: input.hekim_ad,
      tescil_no: input.hekim_tescil_no,
      bilgilendirme_zamani: formatDateTime(informed, env().APP_TIMEZONE),
      // decisions §25: the evidence binds the physician's signature image too; a typed name is digested
      // like an image (its UTF-8 bytes), as the person's is (decisions §23).
      signature_sha256: sha256Hex(png ?? typed!),
      imza_turu: method,
      sertifika: null,
    });
    await queueCompletion(tx, id, at);
    return true;
  });
  // Another countersignature (or a cancellation) got there first.
  if (!done) throw await notOpen(tenantId, id, "hekim imzası", "yalnızca hekim onayı bekleyen (signed) bir onam imzalanabilir");
  return getConsentOrThrow(tenantId, id);
}
