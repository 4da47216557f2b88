// POST /v1/consents/{id}/refusal and the panel's refusal (decisions §19): the person refused, in
// person, to sign; staff put it on record with a witness. The consent becomes `rejected` like a
// decline, and the completion pipeline (queued in the same transaction, run off the request) produces
// its document, a sealed "Ret Tutanağı" (the text that was shown, the reason, the witness, who
// recorded it), at pdf_url like any other.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { markRefused } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { encrypt } from "@/lib/encryption";
import { parseOrThrow } from "@/lib/errors";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { printedText } from "@/lib/consents/printed-text";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { encryptField, encryptFieldBytes } from "@/lib/consents/encrypted-fields";
import { sha256Hex } from "@/lib/crypto";
import { assertDrawn, drawnSignature } from "@/lib/signature-image";
import { schedulePurge } from "@/lib/consents/schedule-purge";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { notOpen } from "@/lib/consents/cancel-consent";
import { queueCompletion } from "@/lib/consents/completion-event";


export const refusalSchema = z.object({
  reason: printedText(1000, { multiline: true }),
  tanik_ad: printedText(200),
  // decisions §25: the staff member who drew the record up (the panel: the signed-in user); without it
  // the record names the institution and the key.
  kaydeden: printedText(200).optional(),
  // decisions §25: the physician who informed the person
  hekim_ad: printedText(200).optional(),
  // decisions §25: the witness's signature, drawn on the clinic's tablet
  tanik_imza: drawnSignature.optional(),
});

export async function recordRefusal(tenantId: string, id: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const input = parseOrThrow(refusalSchema, request);
  if (input.tanik_imza) input.tanik_imza = await assertDrawn(input.tanik_imza, "tanik_imza");
  const at = now();
  const done = await transaction(async (tx) => {
    const count = await markRefused(tx, tenantId, id, at, {
      rejectReason: encryptField(input.reason),
      refusalWitness: encrypt(input.tanik_ad),
      refusedBy: origin.actor,
      witnessSignature: input.tanik_imza ? encryptFieldBytes(input.tanik_imza) : null,
    });
    if (count === 0) return false;
    await schedulePurge(tx, tenantId, id, at);
    await appendEvent(tx, id, "ret_tutanagi", origin, at, {
      reason: input.reason,
      tanik_ad: input.tanik_ad,
      kaydeden: input.kaydeden ?? null,
      hekim_ad: input.hekim_ad ?? null,
      tanik_imza_sha256: input.tanik_imza ? sha256Hex(input.tanik_imza) : null,
    });
    await enqueueWebhook(tx, tenantId, id, "consent.rejected", at);
    await queueCompletion(tx, id, at);
    return true;
  });
  if (!done) throw await notOpen(tenantId, id, "ret tutanağı", "yalnızca gönderilmiş (sent) bir onam için tutulabilir");
  return getConsentOrThrow(tenantId, id);
}
