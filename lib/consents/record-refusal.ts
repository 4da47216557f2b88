// POST /v1/consents/{id}/refusal and the panel's refusal (decisions §19): the person refused, in
// person, to sign; staff put it on record with a witness. The consent becomes `rejected` like a
// decline, and the completion pipeline produces its document, a sealed "Ret Tutanağı" (the text that
// was shown, the reason, the witness, who recorded it), at pdf_url like any other.
import { z } from "zod";
import { sqlTransaction } from "@/lib/db";
import { markRefused } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { encrypt } from "@/lib/encryption";
import { parseOrThrow } from "@/lib/errors";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { printedText } from "@/lib/consents/printed-text";
import { enqueueWebhook } from "@/lib/webhooks/enqueue-webhook";
import { encryptField } from "@/lib/consents/encrypted-fields";
import { schedulePurge } from "@/lib/consents/schedule-purge";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { notOpen } from "@/lib/consents/cancel-consent";
import { queueCompletion } from "@/lib/completion/completion-event";
import { completeNow } from "@/lib/completion/advance-completion";


export const refusalSchema = z.object({ reason: printedText(1000, { multiline: true }), tanik_ad: printedText(200) });
export type RefusalRequest = z.input<typeof refusalSchema>;

export async function recordRefusal(tenantId: string, id: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const input = parseOrThrow(refusalSchema, request);
  const at = now();
  const done = await sqlTransaction(async (tx) => {
    const count = await markRefused(tx, tenantId, id, at, { rejectReason: encryptField(input.reason), refusalWitness: encrypt(input.tanik_ad), refusedBy: origin.actor });
    if (count === 0) return false;
    await schedulePurge(tx, tenantId, id, at);
    await appendEvent(tx, id, "ret_tutanagi", origin, at, { reason: input.reason, tanik_ad: input.tanik_ad });
    await enqueueWebhook(tx, tenantId, id, "consent.rejected", at);
    await queueCompletion(tx, id, at);
    return true;
  });
  if (!done) throw await notOpen(tenantId, id, "ret tutanağı", "yalnızca gönderilmiş (sent) bir onam için tutulabilir");
  await completeNow(id);
  return getConsentOrThrow(tenantId, id);
}
