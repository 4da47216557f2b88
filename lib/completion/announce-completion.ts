// Step "announce": consent.completed goes out once, when the document exists and the first timestamp
// cycle ended (decisions §10), or at once when timestamping is off. Later manual retries do not repeat it.
// A refusal on record (§19) announced consent.rejected when it was recorded: its document is only marked.
// A completed re-consent supersedes the consent it renews here, in the same transaction (§22).
import { sqlTransaction } from "@/lib/db";
import { markCompletionAnnounced, type CompletionRow } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { enqueueWebhook } from "@/lib/webhooks/enqueue-webhook";
import { supersedePrevious } from "@/lib/completion/supersede-previous";

/** True when this call announced it. */
export async function announceCompletion(consentId: string, c: Pick<CompletionRow, "tenantId" | "status">): Promise<boolean> {
  const at = now();
  return sqlTransaction(async (tx) => {
    if ((await markCompletionAnnounced(tx, consentId, at)) === 0) return false;
    if (c.status !== "rejected") await enqueueWebhook(tx, c.tenantId, consentId, "consent.completed", at);
    // decisions §22: a re-consent that completed supersedes the consent it renews, after consent.completed.
    if (c.status === "completed") await supersedePrevious(tx, consentId, at);
    return true;
  });
}
