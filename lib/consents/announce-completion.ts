// consent.completed goes out once: when the document exists and the first timestamp cycle ended
// (decisions §10), or at once when timestamping is off. Later manual retries do not repeat it.
import type { Tx } from "@/lib/db";
import { enqueueWebhook } from "@/lib/webhooks/enqueue-webhook";

export async function announceCompletion(tx: Tx, tenantId: string, consentId: string, at: Date): Promise<void> {
  const { count } = await tx.consent.updateMany({ where: { id: consentId, completionAnnouncedAt: null }, data: { completionAnnouncedAt: at } });
  if (count > 0) await enqueueWebhook(tx, tenantId, consentId, "consent.completed", at);
}
