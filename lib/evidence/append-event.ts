// Appends one record to a consent's evidence chain inside the caller's transaction, so the event
// commits or rolls back with the state change it records (decisions §6).
import { sealEventData } from "@/lib/evidence/event-data";
import { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/api/errors";
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

export async function appendEvent(
  tx: Tx,
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
  await tx.consentEvent.create({
    data: {
      consentId,
      tenantId: head.tenant_id,
      seq: record.seq,
      event,
      at: record.at,
      occurredAt: at,
      ip: record.ip,
      userAgent: record.user_agent,
      actor: record.actor,
      data: sealEventData(data),
      prevHash: record.prev_hash,
      hash: record.hash,
    },
  });
  await tx.consent.update({ where: { id: consentId }, data: { eventCount: record.seq, chainHead: record.hash } });
  return record;
}
