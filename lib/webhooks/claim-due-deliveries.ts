// Claims up to `limit` pending deliveries whose time has come, in one statement, for the runner to
// attempt. The claim is a lease (`locked_until`), as for a single attempt: rows another transaction
// is claiming right now are skipped (SKIP LOCKED), rows under a live lease are not due, so two
// instances never make the same attempt; a killed process's lease lapses and the row is due again.
import { Prisma } from "@prisma/client";
import { db, utcFromEpochMs } from "@/lib/db";
import { ATTEMPT_TIMEOUT_MS } from "@/lib/webhooks/post-webhook";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";

/** Longer than an attempt can take: a lock older than this belongs to a process that died. */
export const LOCK_MS = ATTEMPT_TIMEOUT_MS + 20_000;

/** A delivery held under our lease: what an attempt needs to build, send and record it. */
export interface ClaimedDelivery {
  id: bigint;
  tenantId: string;
  consentId: string | null;
  event: string;
  createdAtIso: string;
  status: DeliveryStatus;
  /** attempts made so far, manual resends included: the next one's number is this + 1 */
  attempts: number;
  /** attempts made on the retry schedule: where the schedule stands */
  scheduledAttempts: number;
}

interface Row {
  id: bigint | number | string;
  tenant_id: string;
  consent_id: string | null;
  event: string;
  created_at_iso: string;
  status: string;
  attempts: number | bigint;
  scheduled: number | bigint;
}

/** Times go in as epoch milliseconds (lib/db.ts); `at` is the service clock, which tests move forward. */
const utc = (d: Date) => utcFromEpochMs(Prisma.sql`${d.getTime()}`);

/** `dueBy`: only deliveries whose attempt was due by then (default `at`; earlier for a safety net). */
export async function claimDueDeliveries(limit: number, at: Date, dueBy: Date = at): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const rows = await db().$queryRaw<Row[]>(Prisma.sql`
    UPDATE webhook_deliveries AS d
    SET locked_until = ${utc(new Date(at.getTime() + LOCK_MS))}
    FROM (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${utc(dueBy)}
        AND (locked_until IS NULL OR locked_until < ${utc(at)})
      ORDER BY next_attempt_at
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE d.id = due.id
    RETURNING d.id, d.tenant_id, d.consent_id, d.event, d.created_at_iso, d.status,
      (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts,
      (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.trigger = 'schedule') AS scheduled`);
  return rows
    .map((r) => ({
      id: BigInt(r.id),
      tenantId: r.tenant_id,
      consentId: r.consent_id,
      event: r.event,
      createdAtIso: r.created_at_iso,
      status: r.status as DeliveryStatus,
      attempts: Number(r.attempts),
      scheduledAttempts: Number(r.scheduled),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
