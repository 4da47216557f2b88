// The webhook events a tenant can subscribe to (decisions §10).
import { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/contract/enums";

export { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEvent };

/** What a new endpoint receives when no events are named: cancellations are the caller's own act, and withdrawals (§18) and signatures awaiting the physician (§19) are opted into. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEvent[] = ["consent.completed", "consent.rejected", "consent.expired"];

export function isWebhookEvent(s: string): s is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(s);
}

