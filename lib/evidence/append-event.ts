// The one writer of evidence records: appends one record to a consent's evidence chain inside the
// caller's transaction, so the event commits or rolls back with the state change it records
// (decisions §6). A new consent's first record goes through insertEventSql too, in the statement
// that creates the consent (create-consent.ts).
import { encryptEventData } from "@/lib/evidence/event-data";
import { Prisma } from "@prisma/client";
import type { RawTx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { hashRecord, type EvidenceRecord } from "@/lib/evidence/chain";
import type { EventName, EventOrigin } from "@/lib/evidence/event-names";

/** The record that follows a chain whose head is `head`: the next seq, linked and hashed. */
export function nextRecord(
  head: { count: number; hash: string | null },
  event: EventName,
  origin: EventOrigin,
  at: Date,
  data: Record<string, unknown>,
): EvidenceRecord {
  const unsigned = {
    seq: head.count + 1,
    event,
    at: formatDateTime(at, env().APP_TIMEZONE),
    ip: origin.ip,
    user_agent: origin.userAgent,
    actor: origin.actor,
    data,
    prev_hash: head.hash,
  };
  return { ...unsigned, hash: hashRecord(unsigned) };
}

/**
 * The INSERT of one evidence record. `consentId` is a value, or a column of `from` (a new consent's
 * row in a CTE: `c.id` with `FROM c`), so that the first record needs no statement of its own.
 */
export function insertEventSql(consentId: Prisma.Sql, tenantId: string, record: EvidenceRecord, occurredAt: Date, from: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, occurred_at, ip, user_agent, actor, data, prev_hash, hash)
    SELECT ${consentId}, ${tenantId}, ${record.seq}, ${record.event}, ${record.at}, ${occurredAt}, ${record.ip}, ${record.user_agent}, ${record.actor},
           ${JSON.stringify(encryptEventData(record.data))}::jsonb, ${record.prev_hash}, ${record.hash}
    ${from}`;
}

export async function appendEvent(
  tx: RawTx,
  consentId: string,
  event: EventName,
  origin: EventOrigin,
  at: Date,
  data: Record<string, unknown> = {},
): Promise<EvidenceRecord> {
  // The row lock serializes appends to one consent: two concurrent appends cannot both take the
  // same seq and fork the chain (the unique (consent_id, seq) would refuse it anyway).
  const rows = await tx.$queryRaw<{ event_count: number; chain_head: string | null; tenant_id: string; purged_at: Date | null }[]>(
    Prisma.sql`SELECT event_count, chain_head, tenant_id, purged_at FROM consents WHERE id = ${consentId} FOR UPDATE`,
  );
  const head = rows[0];
  if (!head) throw new Error(`appendEvent: no consent ${consentId}`);
  // A purged (kurum) consent's head and count are final: they are what kept copies are checked against.
  if (head.purged_at !== null) throw new AppError("purged", "Onamın kayıtları saklama politikası gereği silindi; yeni olay eklenemez.");
  const record = nextRecord({ count: head.event_count, hash: head.chain_head }, event, origin, at, data);
  // One statement for the record and the consent's new head (a Prisma update costs a query compile).
  await tx.$executeRaw(Prisma.sql`
    WITH inserted AS (${insertEventSql(Prisma.sql`${consentId}`, head.tenant_id, record, at)} RETURNING seq)
    UPDATE consents SET event_count = (SELECT seq FROM inserted), chain_head = ${record.hash} WHERE id = ${consentId}`);
  return record;
}
