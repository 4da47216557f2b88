// Step "announce": consent.completed goes out once, when the document exists and the first timestamp
// cycle ended (decisions §10), or at once when timestamping is off. Later manual retries do not repeat it.
// A refusal on record (§19) announced consent.rejected when it was recorded: its document is only marked.
// A completed re-consent supersedes the consent it renews here, in the same transaction (§22).
// Webhooks of one consent go out in the order of its events (issue #46): a withdrawal recorded before
// the announcement left consent.withdrawn to it (withdraw-consent.ts), and it follows consent.completed
// here, in the same transaction; the deliverer sends a consent's deliveries one after the other.
import { transaction } from "@/lib/db";
import { markCompletionAnnounced } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { supersedePrevious } from "@/lib/completion/supersede-previous";

/** True when this call announced it. */
export async function announceCompletion(consentId: string): Promise<boolean> {
  const at = now();
  return transaction(async (tx) => {
    // The consent as it stands under the row lock: a withdrawal committed meanwhile is seen here.
    const c = await markCompletionAnnounced(tx, consentId, at);
    if (!c) return false;
    if (c.status === "rejected") return true;
    await enqueueWebhook(tx, c.tenantId, consentId, "consent.completed", at);
    // decisions §22: a re-consent that completed supersedes the consent it renews, after consent.completed.
    if (c.status === "completed") await supersedePrevious(tx, consentId, at);
    if (c.status === "withdrawn" && c.withdrawnAt) await enqueueWebhook(tx, c.tenantId, consentId, "consent.withdrawn", c.withdrawnAt);
    return true;
  });
}
