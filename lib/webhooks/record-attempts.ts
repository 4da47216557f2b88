// Records finished attempts: one attempt row each, and each delivery marked delivered, given its
// next time on the retry schedule, or closed as failed, its lease released. However many attempts,
// it is one statement: the attempt rows and the delivery rows always agree.
import { Prisma } from "@prisma/client";
import { db, utcFromEpochMs } from "@/lib/db";
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

export interface RecordedAttempt {
  deliveryId: bigint;
  attemptNo: number;
  status: DeliveryStatus;
}

/** Where the delivery goes after this attempt; `nextAttemptAt` undefined leaves it as it was. */
export function nextStatus(a: FinishedAttempt): { status: DeliveryStatus; nextAttemptAt?: Date | null } {
  const { delivery: d, result, manual } = a;
  if (result.ok) return { status: "delivered", nextAttemptAt: null };
  // A failed resend leaves the delivery as it was: a failed one stays failed, a pending one keeps its schedule.
  if (manual && d.status !== "delivered") return { status: d.status };
  if (manual || d.event === TEST_EVENT) return { status: "failed", nextAttemptAt: null };
  const wait = env().WEBHOOK_RETRY_SCHEDULE[d.scheduledAttempts + 1];
  if (wait === undefined) return { status: "failed", nextAttemptAt: null };
  return { status: "pending", nextAttemptAt: new Date(a.at.getTime() + wait) };
}

/** a column of epoch milliseconds as a timestamp (lib/db.ts) */
const utc = (column: string) => utcFromEpochMs(Prisma.raw(column));

export async function recordAttempts(finished: readonly FinishedAttempt[]): Promise<RecordedAttempt[]> {
  if (finished.length === 0) return [];
  for (const a of finished) metrics().webhookAttempts.inc({ outcome: a.result.ok ? "success" : "failure" });
  const rows = finished.map((a) => ({ a, attemptNo: a.delivery.attempts + 1, next: nextStatus(a) }));
  // One array per column, so the statement has 11 parameters however many attempts it records:
  // Prisma's query compiler costs time per parameter.
  const col = <T,>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const r = (x: (typeof rows)[number]) => x.a.result;
  // One statement, so atomic without a transaction: the attempt rows and the deliveries they move
  // on are written together or not at all. An attempt is only recorded for a delivery that still
  // exists (a tenant deleted meanwhile takes its deliveries with it).
  await db().$executeRaw(Prisma.sql`
    WITH v AS (
      SELECT * FROM unnest(
        ${col((x) => String(x.a.delivery.id))}::bigint[], ${col((x) => x.next.status)}::text[], ${col((x) => x.attemptNo)}::int[],
        ${col((x) => x.a.at.getTime())}::float8[], ${col((x) => x.next.nextAttemptAt !== undefined)}::boolean[],
        ${col((x) => x.next.nextAttemptAt?.getTime() ?? null)}::float8[], ${col((x) => r(x).statusCode)}::int[],
        ${col((x) => r(x).durationMs)}::int[], ${col((x) => r(x).error ?? (r(x).ok ? null : `HTTP ${r(x).statusCode}`))}::text[],
        ${col((x) => r(x).snippet)}::text[], ${col((x) => (x.a.manual ? "manual" : "schedule"))}::text[]
      ) AS v (id, status, attempt_no, at_ms, set_next, next_ms, status_code, duration_ms, error, snippet, trigger)
    ), moved AS (
      UPDATE webhook_deliveries AS d
      SET status = v.status,
          attempt_count = v.attempt_no,
          locked_until = NULL,
          delivered_at = CASE WHEN v.status = 'delivered' THEN ${utc("v.at_ms")} ELSE d.delivered_at END,
          next_attempt_at = CASE WHEN v.set_next THEN ${utc("v.next_ms")} ELSE d.next_attempt_at END
      FROM v
      WHERE d.id = v.id
      RETURNING d.id
    )
    INSERT INTO webhook_attempts (delivery_id, attempt_no, at, status_code, duration_ms, error, response_snippet, trigger)
    SELECT v.id, v.attempt_no, ${utc("v.at_ms")}, v.status_code, v.duration_ms, v.error, v.snippet, v.trigger
    FROM v JOIN moved ON moved.id = v.id`);
  return rows.map(({ a, attemptNo, next }) => {
    const { statusCode, error, ok } = a.result;
    const fields = { deliveryId: String(a.delivery.id), attemptNo, statusCode, error, outcome: next.status };
    if (ok) logger().info(fields, "webhook attempt");
    else logger().warn(fields, "webhook attempt");
    return { deliveryId: a.delivery.id, attemptNo, status: next.status };
  });
}
