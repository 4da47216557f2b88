// The tenant's webhook endpoint as the panel shows it; `revealSecret` decrypts the signing secret
// (the panel's "show" button, for the owner or an admin).
import { webhookEndpointRow } from "@/lib/db/webhook-endpoints";
import { now } from "@/lib/clock";
import { decrypt } from "@/lib/encryption";
import type { WebhookEvent } from "@/lib/webhooks/events";

interface WebhookEndpointState {
  url: string;
  events: WebhookEvent[];
  /** while a rotated-out secret still signs beside the new one */
  previousSecretExpiresAt: Date | null;
  signingSecret?: string;
}

export async function getWebhookEndpoint(tenantId: string, options: { revealSecret?: boolean } = {}): Promise<WebhookEndpointState | null> {
  const e = await webhookEndpointRow(tenantId);
  if (!e) return null;
  const previousValid = e.previousSecretExpiresAt && e.previousSecretExpiresAt > now() ? e.previousSecretExpiresAt : null;
  return {
    url: e.url,
    events: e.events as WebhookEvent[],
    previousSecretExpiresAt: previousValid,
    ...(options.revealSecret ? { signingSecret: decrypt(e.secretEncrypted) } : {}),
  };
}
