// The job event that starts a consent's completion run under Inngest, written to the job outbox in
// the transaction that records the signature it follows.
import type { RawTx } from "@/lib/db";
import { insertOutbox } from "@/lib/db/outbox";

export const COMPLETION_EVENT = "eonam/consent.completion";

/** One completion run per consent: the key makes a repeat a no-op, here and at Inngest. */
export function queueCompletion(tx: RawTx, consentId: string, at: Date): Promise<void> {
  return insertOutbox(tx, { name: COMPLETION_EVENT, key: `completion-${consentId}`, data: { consentId } }, at);
}
