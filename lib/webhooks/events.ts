// The webhook events a tenant can subscribe to (decisions §10).
export const WEBHOOK_EVENTS = [
  "consent.completed",
  "consent.rejected",
  "consent.expired",
  "consent.cancelled",
  "consent.withdrawn",
  // decisions §19: the person signed and the physician's countersignature is awaited
  "consent.signed",
  // decisions §22: a material change of the template was published / a re-consent completed
  "consent.reconsent_required",
  "consent.superseded",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a new endpoint receives when no events are named: cancellations are the caller's own act, and withdrawals (§18) and signatures awaiting the physician (§19) are opted into. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEvent[] = ["consent.completed", "consent.rejected", "consent.expired"];

export function isWebhookEvent(s: string): s is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(s);
}

/** The event of "send test event" in the panel: sent once, never retried, never subscribed to. */
export const TEST_EVENT = "webhook.test";
