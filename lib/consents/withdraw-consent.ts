// Withdrawal (decisions §18): the person takes back a consent they signed. The status becomes
// `withdrawn`; the document, its timestamp and the evidence stay (verify still matches and reports
// the status). Recorded by the institution (API, panel) or by the person through the signing link.
import { transaction } from "@/lib/db";
import { markWithdrawn } from "@/lib/db/consents";
import { consentState } from "@/lib/db/consent-reads";
import { completionAnnounced } from "@/lib/db/completion";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { now } from "@/lib/clock";
import { encryptField } from "@/lib/consents/encrypted-fields";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { withdrawConsentSchema } from "@/lib/consents/consent-schemas";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { notOpen } from "@/lib/consents/cancel-consent";
import { queueWithdrawalReceipt } from "@/lib/consents/completion-event";

/** Records the withdrawal and returns its time; null when the consent is not (or no longer) `completed`. */
export async function recordWithdrawal(tenantId: string, id: string, reason: string | undefined, origin: EventOrigin): Promise<Date | null> {
  const at = now();
  const done = await transaction(async (tx) => {
    // Conditional on the consent being completed and not purged: a second withdrawal finds nothing.
    const count = await markWithdrawn(tx, tenantId, id, at, encryptField(reason));
    if (count === 0) return false;
    await appendEvent(tx, id, "geri_alindi", origin, at, reason ? { reason } : {});
    // issue #51: the sealed withdrawal receipt is made off the request, by the completion pipeline.
    await queueWithdrawalReceipt(tx, id, at);
    // Never consent.withdrawn before consent.completed (issue #46): a withdrawal during the first
    // timestamp cycle leaves its webhook to the announcement, which sends both in order.
    if (await completionAnnounced(tx, id)) await enqueueWebhook(tx, tenantId, id, "consent.withdrawn", at);
    return true;
  });
  return done ? at : null;
}

/** The 409 (or 410 for a purged record) for a consent that cannot be withdrawn. */
async function notWithdrawable(tenantId: string, id: string): Promise<AppError> {
  const row = await consentState(tenantId, id);
  if (row?.status === "completed" && row.purgedAt) {
    return new AppError("purged", "Kayıt saklama politikası (kurum) gereği silindi; geri alma kurumunuzdaki kayda işlenmelidir.");
  }
  return notOpen(tenantId, id, "geri alma", "yalnızca tamamlanmış (completed) bir onam geri alınabilir");
}

export async function withdrawConsent(tenantId: string, id: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const { reason } = parseOrThrow(withdrawConsentSchema, request);
  if (!(await recordWithdrawal(tenantId, id, reason, origin))) throw await notWithdrawable(tenantId, id);
  return getConsentOrThrow(tenantId, id);
}
