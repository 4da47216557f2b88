// Records finished attempts: one attempt row each, and each delivery marked delivered, given its
// next time on the retry schedule, or closed as failed, its lease released. However many attempts,
// it is one statement: the attempt rows and the delivery rows always agree.
import { insertAttemptRows } from "@/lib/db/webhooks";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { TEST_EVENT } from "@/lib/webhooks/events";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";
import type { ClaimedDelivery } from "@/lib/webhooks/claim-due-deliveries";
import type { PostResult } from "@/lib/webhooks/post-webhook";

export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  result: PostResult;
  /** a resend from the panel: recorded as such, and it does not use up the retry schedule */
  manual: boolean;
  /** when the POST ended */
  at: Date;
}

interface RecordedAttempt {
  deliveryId: bigint;
  attemptNo: number;
  status: DeliveryStatus;
}

/** Where the delivery goes after this attempt; `nextAttemptAt` undefined leaves it as it was. */
function nextStatus(a: FinishedAttempt): { status: DeliveryStatus; nextAttemptAt?: Date | null } {
  const { delivery: d, result, manual } = a;
  if (result.ok) return { status: "delivered", nextAttemptAt: null };
  // A failed resend leaves the delivery as it was: a failed one stays failed, a pending one keeps its schedule.
  if (manual && d.status !== "delivered") return { status: d.status };
  if (manual || d.event === TEST_EVENT) return { status: "failed", nextAttemptAt: null };
  const wait = env().WEBHOOK_RETRY_SCHEDULE[d.scheduledAttempts + 1];
  if (wait === undefined) return { status: "failed", nextAttemptAt: null };
  return { status: "pending", nextAttemptAt: new Date(a.at.getTime() + wait) };
}

export async function recordAttempts(finished: readonly FinishedAttempt[]): Promise<RecordedAttempt[]> {
  if (finished.length === 0) return [];
  for (const a of finished) metrics().webhookAttempts.inc({ outcome: a.result.ok ? "success" : "failure" });
  const rows = finished.map((a) => ({ a, attemptNo: a.delivery.attempts + 1, next: nextStatus(a) }));
  // Atomic: the attempt rows and the deliveries they move on are written together or not at all.
  await insertAttemptRows(
    rows.map(({ a, attemptNo, next }) => ({
      deliveryId: a.delivery.id,
      status: next.status,
      attemptNo,
      at: a.at,
      nextAttemptAt: next.nextAttemptAt,
      statusCode: a.result.statusCode,
      durationMs: a.result.durationMs,
      error: a.result.error ?? (a.result.ok ? null : `HTTP ${a.result.statusCode}`),
      snippet: a.result.snippet,
      trigger: a.manual ? "manual" : "schedule",
    })),
  );
  return rows.map(({ a, attemptNo, next }) => {
    const { statusCode, error, ok } = a.result;
    const fields = { deliveryId: String(a.delivery.id), attemptNo, statusCode, error, outcome: next.status };
    if (ok) logger().info(fields, "webhook attempt");
    else logger().warn(fields, "webhook attempt");
    return { deliveryId: a.delivery.id, attemptNo, status: next.status };
  });
}
