// Evidence records (decisions §6): the chain's head kept on the consent row, each record a row of
// consent_events. Records are written only inside a transaction that also writes the state change
// they record (lib/evidence/append-event.ts), or in the very statement that creates the consent.
import { Prisma, type ConsentEvent } from "@prisma/client";
import { sqlRows, type Tx } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

/** One record as stored: its fields, `data` already in its stored (encrypted) form. */
export interface EventInsert {
  tenantId: string;
  seq: number;
  event: string;
  at: string;
  occurredAt: Date;
  ip: string;
  userAgent: string;
  actor: string;
  storedData: unknown;
  prevHash: string | null;
  hash: string;
}

/**
 * The INSERT of one record. `consentId` is a value, or a column of `from` (a new consent's row in a
 * CTE: `c.id` with `FROM c`), so that the first record needs no statement of its own.
 */
export function insertEventSql(consentId: Prisma.Sql, e: EventInsert, from: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, occurred_at, ip, user_agent, actor, data, prev_hash, hash)
    SELECT ${consentId}, ${e.tenantId}, ${e.seq}, ${e.event}, ${e.at}, ${e.occurredAt}, ${e.ip}, ${e.userAgent}, ${e.actor},
           ${JSON.stringify(e.storedData)}::jsonb, ${e.prevHash}, ${e.hash}
    ${from}`;
}

/**
 * The INSERT of a consent's next records, for each row of `from` (a CTE: none, nothing written), in
 * seq order, so that their deferred appends to the transparency log follow the chain's order.
 */
export function insertEventsSql(consentId: string, events: readonly EventInsert[], from: Prisma.Sql): Prisma.Sql {
  const rows = events.map((e) => ({
    tenant_id: e.tenantId,
    seq: e.seq,
    event: e.event,
    at: e.at,
    occurred_at: e.occurredAt.toISOString(),
    ip: e.ip,
    user_agent: e.userAgent,
    actor: e.actor,
    data: e.storedData,
    prev_hash: e.prevHash,
    hash: e.hash,
  }));
  return Prisma.sql`
    INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, occurred_at, ip, user_agent, actor, data, prev_hash, hash)
    SELECT ${consentId}, r.tenant_id, r.seq, r.event, r.at, r.occurred_at, r.ip, r.user_agent, r.actor, r.data, r.prev_hash, r.hash
    FROM ${from} CROSS JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(tenant_id text, seq int, event text, at text, occurred_at timestamp(3), ip text, user_agent text, actor text, data jsonb, prev_hash text, hash text)
    ORDER BY r.seq`;
}

interface ChainHead {
  count: number;
  hash: string | null;
  tenantId: string;
  purged: boolean;
}

/**
 * Locks the consent's row and returns its chain head: the row lock serializes appends to one
 * consent, so two concurrent appends cannot both take the same seq and fork the chain (the unique
 * (consent_id, seq) would refuse it anyway).
 */
export async function lockChainHead(tx: Tx, consentId: string): Promise<ChainHead | undefined> {
  const rows = await tx.$queryRaw<{ count: number; hash: string | null; tenantId: string; purgedAt: Date | null }[]>(
    Prisma.sql`SELECT event_count AS count, chain_head AS hash, tenant_id AS "tenantId", purged_at AS "purgedAt" FROM consents WHERE id = ${consentId} FOR UPDATE`,
  );
  const r = rows[0];
  return r && { count: r.count, hash: r.hash, tenantId: r.tenantId, purged: r.purgedAt !== null };
}

/** The record and the consent's new head, in one statement (call under lockChainHead). */
export async function insertEvent(tx: Tx, consentId: string, e: EventInsert): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    WITH inserted AS (${insertEventSql(Prisma.sql`${consentId}`, e)} RETURNING seq)
    UPDATE consents SET event_count = (SELECT seq FROM inserted), chain_head = ${e.hash} WHERE id = ${consentId}`);
}

/**
 * The consent's `goruntulendi` records (lib/signing/record-view.ts): how many there are, and whether
 * one of them came from this address and user agent after `since`. Call under the consent's row lock.
 */
export async function viewRecords(tx: Tx, tenantId: string, consentId: string, client: { ip: string; userAgent: string }, since: Date): Promise<{ count: number; recent: boolean }> {
  const [row] = await tx.$queryRaw<{ count: number; recent: boolean }[]>(Prisma.sql`
    SELECT count(*)::int AS count,
           COALESCE(bool_or(ip = ${client.ip} AND user_agent = ${client.userAgent} AND occurred_at > ${since}), false) AS recent
    FROM consent_events WHERE consent_id = ${consentId} AND tenant_id = ${tenantId} AND event = 'goruntulendi'`);
  return row ?? { count: 0, recent: false };
}

const eventColumns = columnsAs("ConsentEvent", ["seq", "event", "at", "ip", "userAgent", "actor", "data", "prevHash", "hash"], "e");

export type EventRow = Pick<ConsentEvent, "seq" | "event" | "at" | "ip" | "userAgent" | "actor" | "data" | "prevHash" | "hash">;

/**
 * A consent's evidence records in order, with the head and count its row holds, read in one
 * statement (one snapshot: an event appended meanwhile cannot look like tampering). Undefined when
 * there is no such consent.
 */
export async function evidenceRows(consentId: string): Promise<{ eventCount: number; chainHead: string | null; events: EventRow[] } | undefined> {
  // LEFT JOIN: a consent without records still answers (one row of nulls), so that it is told apart from no consent.
  const rows = await sqlRows<{ eventCount: number; chainHead: string | null } & { [K in keyof EventRow]: EventRow[K] | null }>(Prisma.sql`
    SELECT c.event_count AS "eventCount", c.chain_head AS "chainHead", ${eventColumns}
    FROM consents c LEFT JOIN consent_events e ON e.consent_id = c.id
    WHERE c.id = ${consentId}
    ORDER BY e.seq`);
  const [first] = rows;
  if (!first) return undefined;
  const events = rows.filter((r) => r.seq !== null).map(({ eventCount: _count, chainHead: _head, ...e }) => e as EventRow);
  return { eventCount: first.eventCount, chainHead: first.chainHead, events };
}
