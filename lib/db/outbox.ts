// The job outbox: events for the background work, written in the transaction of the change that
// calls for them (a delivery to attempt, a completion to drive), and sent after commit by the
// dispatcher (lib/jobs/dispatch-outbox.ts). A crash between the commit and the send loses nothing:
// the row is still there for the next dispatch.
import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma } from "@prisma/client";
import { sqlRows, type Tx } from "@/lib/db";

export interface OutboxRow {
  id: bigint;
  name: string;
  /** the event id: a receiver (Inngest) drops a repeat */
  key: string;
  data: Record<string, string>;
}

/**
 * A request's scope: whether it wrote outbox rows, so that only such a request pays for a dispatch
 * after its commit (a consent create, the API's hot path, writes none).
 */
const scope = new AsyncLocalStorage<{ wrote: boolean }>();

export function withOutboxScope<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run({ wrote: false }, fn);
}

/** True unless the current scope is known to have written nothing (outside any scope: unknown, so true). */
export function mayHaveOutboxRows(): boolean {
  return scope.getStore()?.wrote ?? true;
}

function noteWrite(): void {
  const s = scope.getStore();
  if (s) s.wrote = true;
}

/** A job event as the outbox keeps it: its key makes a repeat a no-op while the first waits. */
export interface OutboxEvent {
  name: string;
  key: string;
  data: Record<string, string>;
}

/**
 * The INSERT of one job event, once per key while it waits; `from` (a CTE's rows, as `FROM s`)
 * makes it conditional on the statement it is part of (no row: no event).
 */
export function outboxInsertSql(e: OutboxEvent, at: Date, from: Prisma.Sql = Prisma.empty): Prisma.Sql {
  noteWrite();
  return Prisma.sql`
    INSERT INTO job_outbox (name, key, data, created_at) SELECT ${e.name}, ${e.key}, ${JSON.stringify(e.data)}::jsonb, ${at} ${from}
    ON CONFLICT (key) DO NOTHING`;
}

/** One event, once per key while it waits. */
export async function insertOutbox(tx: Tx, e: OutboxEvent, at: Date): Promise<void> {
  await tx.$executeRaw(outboxInsertSql(e, at));
}

/** The event of each row a statement inserted into webhook_deliveries (its CTE `d`). */
export function outboxForDeliveries(name: string, at: Date): Prisma.Sql {
  noteWrite();
  return Prisma.sql`
    INSERT INTO job_outbox (name, key, data, created_at)
    SELECT ${name}, 'delivery-' || d.id, jsonb_build_object('deliveryId', d.id::text), ${at} FROM d
    ON CONFLICT (key) DO NOTHING`;
}

/** Claims up to `limit` rows not claimed by a live lease (SKIP LOCKED: concurrent dispatchers split them). */
export async function claimOutbox(limit: number, at: Date, leaseUntil: Date): Promise<OutboxRow[]> {
  const rows = await sqlRows<{ id: string; name: string; key: string; data: Record<string, string> }>(Prisma.sql`
    UPDATE job_outbox AS o SET claimed_until = ${leaseUntil}
    FROM (
      SELECT id FROM job_outbox WHERE claimed_until IS NULL OR claimed_until < ${at}
      ORDER BY id LIMIT ${limit}::int FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE o.id = due.id
    RETURNING o.id::text AS id, o.name, o.key, o.data`);
  return rows.map((r) => ({ ...r, id: BigInt(r.id) })).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Rows whose events were sent. */
export async function deleteOutbox(ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await sqlRows(Prisma.sql`DELETE FROM job_outbox WHERE id = ANY(${ids.map(String)}::bigint[])`);
}

/** Rows waiting longer than `olderThan` (the readiness of background work, and metrics). */
export async function outboxBacklog(olderThan: Date): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM job_outbox WHERE created_at < ${olderThan}`);
  return r?.n ?? 0;
}
