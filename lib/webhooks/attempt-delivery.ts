// One attempt of one webhook delivery, on request (a resend, the panel's test event, an Inngest
// step): claim the row, build and sign the body afresh, POST it, record the attempt, then mark the
// delivery delivered, schedule the next attempt, or close it as failed. The claim is a conditional
// update, so two server instances never send the same attempt. The runner's batches
// (deliver-due-webhooks) use the same lease and the same send and record steps.
import { db } from "@/lib/db";
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
 * Only a pending delivery whose time has come is attempted, unless
 * - `onSchedule`: the caller keeps the schedule (an Inngest function woke from its sleep, or the
 *   panel's test event, which the runner never picks up), or
 * - `manual`: a resend from the panel — runs now whatever the status, and does not use up the
 *   retry schedule.
 * Returns null when the delivery is not there, not due, or another process holds it.
 */
export async function attemptDelivery(
  deliveryId: bigint,
  options: { manual?: boolean; onSchedule?: boolean; tenantId?: string } = {},
): Promise<AttemptReport | null> {
  const manual = options.manual ?? false;
  const at = now();
  const prisma = db();
  const due = manual ? {} : options.onSchedule ? { status: "pending" } : { status: "pending", nextAttemptAt: { lte: at } };
  const claimed = await prisma.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      ...(options.tenantId ? { tenantId: options.tenantId } : {}),
      ...due,
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: at } }],
    },
    data: { lockedUntil: new Date(at.getTime() + LOCK_MS) },
  });
  if (claimed.count === 0) return null;
  const row = await prisma.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: { tenantId: true, consentId: true, event: true, createdAtIso: true, status: true, attempts: { select: { trigger: true } } },
  });
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
