// consent.completed goes out once: when the document exists and the first timestamp cycle ended
// (decisions §10), or at once when timestamping is off. Later manual retries do not repeat it.
import { Prisma } from "@prisma/client";
import type { RawTx } from "@/lib/db";
import { updateConsent } from "@/lib/db/hot-queries";
import { enqueueWebhook } from "@/lib/webhooks/enqueue-webhook";

export async function announceCompletion(tx: RawTx, tenantId: string, consentId: string, at: Date): Promise<void> {
  const count = await updateConsent(tx, consentId, { completionAnnouncedAt: at }, Prisma.sql`completion_announced_at IS NULL`);
  if (count > 0) await enqueueWebhook(tx, tenantId, consentId, "consent.completed", at);
}
