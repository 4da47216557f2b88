// The webhook outbox: a delivery row written in the same transaction as the state change it
// announces, for tenants subscribed to the event, so a crash after commit loses nothing.
// Delivery itself (signing, retries) reads these rows afterwards.
import type { Tx } from "@/lib/db";
import { insertWebhookDelivery } from "@/lib/db/webhooks";
import { env } from "@/lib/env";
import { formatIsoOffset } from "@/lib/time";
import type { WebhookEvent } from "@/lib/contract/enums";

export async function enqueueWebhook(tx: Tx, tenantId: string, consentId: string, event: WebhookEvent, at: Date): Promise<void> {
  await insertWebhookDelivery(tx, { tenantId, consentId, event, createdAtIso: formatIsoOffset(at, env().APP_TIMEZONE), at });
}
