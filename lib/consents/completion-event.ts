// The job event that starts a consent's completion, written to the job outbox in the transaction that
// records the signature it follows (or the countersignature, or a refusal on record): after the commit
// it starts the complete-consent run under Inngest, or wakes the embedded runner, which starts that
// consent's completion at once. The request itself answers without waiting for it (issue #46).
import type { Tx } from "@/lib/db";
import { insertOutbox, type OutboxEvent } from "@/lib/db/outbox";

export const COMPLETION_EVENT = "eonam/consent.completion";

/** One completion run per consent: the key makes a repeat a no-op, here and at Inngest. */
export function completionJob(consentId: string): OutboxEvent {
  return { name: COMPLETION_EVENT, key: `completion-${consentId}`, data: { consentId } };
}

export function queueCompletion(tx: Tx, consentId: string, at: Date): Promise<void> {
  return insertOutbox(tx, completionJob(consentId), at);
}

/** issue #51: the withdrawal's receipt, through the same pipeline; its own key, as the completion's was used. */
export function queueWithdrawalReceipt(tx: Tx, consentId: string, at: Date): Promise<void> {
  return insertOutbox(tx, { name: COMPLETION_EVENT, key: `withdrawal-receipt-${consentId}`, data: { consentId } }, at);
}
