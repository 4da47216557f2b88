// Step "announce": consent.completed goes out once, when the document exists and the first timestamp
// cycle ended (decisions §10), or at once when timestamping is off. Later manual retries do not repeat it.
import { sqlTransaction } from "@/lib/db";
import { markCompletionAnnounced } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { enqueueWebhook } from "@/lib/webhooks/enqueue-webhook";

/** True when this call announced it. */
export async function announceCompletion(consentId: string, tenantId: string): Promise<boolean> {
  const at = now();
  return sqlTransaction(async (tx) => {
    if ((await markCompletionAnnounced(tx, consentId, at)) === 0) return false;
    await enqueueWebhook(tx, tenantId, consentId, "consent.completed", at);
    return true;
  });
}
