// Webhook deliveries: the outbox rows a state change writes, the claim of due attempts, and the
// record of finished ones.
import { Prisma } from "@prisma/client";
import { db, utcFromEpochMs, type Tx } from "@/lib/db";
import { outboxForDeliveries } from "@/lib/db/outbox";

/** The job event that starts a delivery's attempts under Inngest (lib/jobs/inngest/client.ts names it too). */
export const DELIVERY_CREATED_EVENT = "eonam/webhook.delivery.created";

/**
 * A delivery of `event` when the tenant's endpoint subscribes to it, and its job event, in one
 * statement (nothing when it does not subscribe).
 */
export function insertWebhookDelivery(tx: Tx, d: { tenantId: string; consentId: string; event: string; createdAtIso: string; at: Date }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    WITH d AS (
      INSERT INTO webhook_deliveries (tenant_id, consent_id, event, created_at_iso, next_attempt_at, created_at)
      SELECT tenant_id, ${d.consentId}, ${d.event}, ${d.createdAtIso}, ${d.at}, ${new Date()}
      FROM webhook_endpoints WHERE tenant_id = ${d.tenantId} AND ${d.event} = ANY (events)
      RETURNING id
    )
    ${outboxForDeliveries(DELIVERY_CREATED_EVENT, d.at)}`);
}

interface DueDeliveryRow {
  id: bigint | number | string;
  tenant_id: string;
  consent_id: string | null;
  event: string;
  created_at_iso: string;
  status: string;
  attempts: number | bigint;
  scheduled: number | bigint;
}

/** Times go in as epoch milliseconds (lib/db.ts): `at` is the service clock, which tests move forward. */
const utc = (d: Date) => utcFromEpochMs(Prisma.sql`${d.getTime()}`);

/**
 * A consent's webhooks go out in the order of its events (issue #46: never consent.withdrawn before
 * consent.completed): a delivery waits while an earlier one of the same consent to the same tenant's
 * endpoint is still pending, whatever their schedules. `d` is the delivery's alias.
 */
export const inConsentOrder = (d: string) => Prisma.sql`(${Prisma.raw(d)}.consent_id IS NULL OR NOT EXISTS (
  SELECT 1 FROM webhook_deliveries e
  WHERE e.consent_id = ${Prisma.raw(d)}.consent_id AND e.tenant_id = ${Prisma.raw(d)}.tenant_id AND e.status = 'pending' AND e.id < ${Prisma.raw(d)}.id))`;

/**
 * Claims up to `limit` pending deliveries due by `dueBy` until `lockedUntil`, in one statement: rows
 * another transaction is claiming right now are skipped (SKIP LOCKED), rows under a live lease are
 * not due, so two instances never make the same attempt; a delivery behind an earlier pending one of
 * its consent waits for it (inConsentOrder).
 */
export async function claimDueDeliveryRows(limit: number, at: Date, dueBy: Date, lockedUntil: Date): Promise<DueDeliveryRow[]> {
  return db().$queryRaw<DueDeliveryRow[]>(Prisma.sql`
    UPDATE webhook_deliveries AS d
    SET locked_until = ${utc(lockedUntil)}
    FROM (
      SELECT w.id FROM webhook_deliveries w
      WHERE w.status = 'pending' AND w.next_attempt_at <= ${utc(dueBy)}
        AND (w.locked_until IS NULL OR w.locked_until < ${utc(at)}) AND ${inConsentOrder("w")}
      ORDER BY w.next_attempt_at
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE d.id = due.id
    RETURNING d.id, d.tenant_id, d.consent_id, d.event, d.created_at_iso, d.status,
      (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts,
      (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.trigger = 'schedule') AS scheduled`);
}

/** One finished attempt as recorded: the delivery's next state and the attempt's own row. */
interface AttemptRecord {
  deliveryId: bigint;
  status: string;
  attemptNo: number;
  at: Date;
  /** undefined: next_attempt_at stays as it was */
  nextAttemptAt: Date | null | undefined;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  snippet: string | null;
  trigger: "manual" | "schedule";
}

/** a column of epoch milliseconds as a timestamp (lib/db.ts) */
const utcColumn = (column: string) => utcFromEpochMs(Prisma.raw(column));

/**
 * Records finished attempts in ONE statement (atomic without a transaction): each attempt's row and
 * its delivery moved on, for deliveries that still exist. One array per column, so the statement has
 * 11 parameters however many attempts it records: Prisma's query compiler costs time per parameter.
 */
export async function insertAttemptRows(records: readonly AttemptRecord[]): Promise<void> {
  const col = <T,>(f: (r: AttemptRecord) => T) => records.map(f);
  await db().$executeRaw(Prisma.sql`
    WITH v AS (
      SELECT * FROM unnest(
        ${col((r) => String(r.deliveryId))}::bigint[], ${col((r) => r.status)}::text[], ${col((r) => r.attemptNo)}::int[],
        ${col((r) => r.at.getTime())}::float8[], ${col((r) => r.nextAttemptAt !== undefined)}::boolean[],
        ${col((r) => r.nextAttemptAt?.getTime() ?? null)}::float8[], ${col((r) => r.statusCode)}::int[],
        ${col((r) => r.durationMs)}::int[], ${col((r) => r.error)}::text[],
        ${col((r) => r.snippet)}::text[], ${col((r) => r.trigger)}::text[]
      ) AS v (id, status, attempt_no, at_ms, set_next, next_ms, status_code, duration_ms, error, snippet, trigger)
    ), moved AS (
      UPDATE webhook_deliveries AS d
      SET status = v.status,
          attempt_count = v.attempt_no,
          locked_until = NULL,
          delivered_at = CASE WHEN v.status = 'delivered' THEN ${utcColumn("v.at_ms")} ELSE d.delivered_at END,
          next_attempt_at = CASE WHEN v.set_next THEN ${utcColumn("v.next_ms")} ELSE d.next_attempt_at END
      FROM v
      WHERE d.id = v.id
      RETURNING d.id
    )
    INSERT INTO webhook_attempts (delivery_id, attempt_no, at, status_code, duration_ms, error, response_snippet, trigger)
    SELECT v.id, v.attempt_no, ${utcColumn("v.at_ms")}, v.status_code, v.duration_ms, v.error, v.snippet, v.trigger
    FROM v JOIN moved ON moved.id = v.id`);
}
