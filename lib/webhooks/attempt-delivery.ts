// One attempt of one webhook delivery, on request (a resend, the panel's test event, an Inngest
// step): claim the row, build and sign the body afresh, POST it, record the attempt, then mark the
// delivery delivered, schedule the next attempt, or close it as failed. The claim is a conditional
// update, so two server instances never send the same attempt. The runner's batches
// (deliver-due-webhooks) use the same lease and the same send and record steps.
import { claimDelivery, deliveryForAttempt } from "@/lib/db/webhook-deliveries";
import { now } from "@/lib/clock";
import { LOCK_MS, type ClaimedDelivery } from "@/lib/webhooks/claim-due-deliveries";
import { loadAttemptContext } from "@/lib/webhooks/load-attempt-context";
import type { PostResult } from "@/lib/webhooks/post-webhook";
import { recordAttempts } from "@/lib/webhooks/record-attempts";
import { sendAttempt } from "@/lib/webhooks/send-attempt";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";

export interface AttemptReport {
  deliveryId: bigint;
  attemptNo: number;
  status: DeliveryStatus;
  result: PostResult;
}

/**
 * Who asks for the attempt, which decides what may be attempted:
 * - `inngest`: an Inngest function woke from its sleep — it keeps the schedule, so a pending
 *   delivery is attempted whatever its next_attempt_at;
 * - `test-event`: the panel's or the CLI's test event of the tenant, pending (the runner never
 *   picks it up);
 * - `resend`: a resend of the tenant's delivery — now, whatever the status, without using up the
 *   retry schedule.
 */
type AttemptBy = { by: "inngest" } | { by: "test-event"; tenantId: string } | { by: "resend"; tenantId: string };

/** Returns null when the delivery is not there (for that tenant), not pending, or another process holds it. */
export async function attemptDelivery(deliveryId: bigint, who: AttemptBy): Promise<AttemptReport | null> {
  const manual = who.by === "resend";
  const at = now();
  const claimed = await claimDelivery(deliveryId, {
    tenantId: who.by === "inngest" ? undefined : who.tenantId,
    pendingOnly: !manual,
    at,
    lockedUntil: new Date(at.getTime() + LOCK_MS),
  });
  if (!claimed) return null;
  const row = await deliveryForAttempt(deliveryId);
  // Gone since the claim (its tenant deleted): nothing to attempt.
  if (!row) return null;
  const d: ClaimedDelivery = {
    id: deliveryId,
    tenantId: row.tenantId,
    consentId: row.consentId,
    event: row.event,
    createdAtIso: row.createdAtIso,
    status: row.status as DeliveryStatus,
    attempts: row.attempts.length,
    scheduledAttempts: row.attempts.filter((a) => a.trigger === "schedule").length,
  };
  const result = await sendAttempt(d, await loadAttemptContext([d], at));
  const [recorded] = await recordAttempts([{ delivery: d, result, manual, at: now() }]);
  return { deliveryId, attemptNo: recorded!.attemptNo, status: recorded!.status, result };
}
