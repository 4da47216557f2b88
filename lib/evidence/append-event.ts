// The one writer of evidence records: appends one record to a consent's evidence chain inside the
// caller's transaction, so the event commits or rolls back with the state change it records
// (decisions §6). A new consent's first record is written by the very statement that creates the
// consent (lib/db/consents.ts insertConsent), from `storedEvent` below.
import { encryptEventData } from "@/lib/evidence/event-data";
import type { Tx } from "@/lib/db";
import { insertEvent, lockChainHead, type EventInsert } from "@/lib/db/evidence";
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

/** Records that follow one another from `head`, each linked to the one before (one statement writes them). */
export function chainedRecords(
  head: { count: number; hash: string | null },
  entries: readonly { event: EventName; data: Record<string, unknown> }[],
  origin: EventOrigin,
  at: Date,
): EvidenceRecord[] {
  let last = head;
  return entries.map(({ event, data }) => {
    const r = nextRecord(last, event, origin, at, data);
    last = { count: r.seq, hash: r.hash };
    return r;
  });
}

/** A record as stored: its data encrypted at rest (decisions §15). */
export function storedEvent(tenantId: string, record: EvidenceRecord, occurredAt: Date): EventInsert {
  return {
    tenantId,
    seq: record.seq,
    event: record.event,
    at: record.at,
    occurredAt,
    ip: record.ip,
    userAgent: record.user_agent,
    actor: record.actor,
    storedData: encryptEventData(record.data),
    prevHash: record.prev_hash,
    hash: record.hash,
  };
}

export async function appendEvent(
  tx: Tx,
  consentId: string,
  event: EventName,
  origin: EventOrigin,
  at: Date,
  data: Record<string, unknown> = {},
): Promise<EvidenceRecord> {
  const head = await lockChainHead(tx, consentId);
  if (!head) throw new Error(`appendEvent: no consent ${consentId}`);
  // A purged (kurum) consent's head and count are final: they are what kept copies are checked against.
  if (head.purged) throw new AppError("purged", "Onamın kayıtları saklama politikası gereği silindi; yeni olay eklenemez.");
  const record = nextRecord(head, event, origin, at, data);
  await insertEvent(tx, consentId, storedEvent(head.tenantId, record, at));
  return record;
}
