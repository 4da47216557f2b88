// The SMS outbox (link and reminder messages, lib/consents/send-link-sms.ts): a message is written in
// the transaction that charges its unit, claimed by whoever sends it first (the request or the
// background runner), and closed as sent or failed beside its evidence record. A message is found by
// its id alone, as the runner finds it: the id was made by the service and names one tenant's row.
import { Prisma } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";

type SmsKind = "link" | "reminder";

/** The kinds the outbox sends (an OTP goes out at once, with its request). */
const SENT_BY_OUTBOX: SmsKind[] = ["link", "reminder"];

interface SmsInsert {
  id: string;
  tenantId: string;
  consentId: string;
  kind: SmsKind;
  toMasked: string;
  unitsCharged: number;
  createdAt: Date;
}

/** A pending message, inside the transaction that charged its unit. */
export async function insertSmsMessage(tx: Tx, m: SmsInsert): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO sms_messages (id, tenant_id, consent_id, kind, to_masked, units_charged, created_at)
    VALUES (${m.id}, ${m.tenantId}, ${m.consentId}, ${m.kind}, ${m.toMasked}, ${m.unitsCharged}, ${m.createdAt})`);
}

/** pending → sending, one attempt more: false when another sender has it (or it is done). */
export async function claimSmsMessage(id: string): Promise<boolean> {
  const { count } = await db().smsMessage.updateMany({ where: { id, status: "pending" }, data: { status: "sending", attempts: { increment: 1 } } });
  return count === 1;
}

/** What sending a claimed message takes: its recipient and link, the institution's name and sender name (issue #42). */
export function smsMessageToSend(id: string) {
  return db().smsMessage.findUniqueOrThrow({
    where: { id },
    select: {
      tenantId: true,
      consentId: true,
      kind: true,
      unitsCharged: true,
      attempts: true,
      tenant: { select: { name: true, branding: { select: { smsSender: true } } } },
      consent: { select: { phone: true, shortCode: true, language: true, expiresAt: true, previousId: true } },
    },
  });
}

/** A claimed message that has no one to go to (its consent purged or gone). */
export async function failSmsWithoutRecipient(id: string): Promise<void> {
  await db().smsMessage.update({ where: { id }, data: { status: "failed", error: "no recipient" } });
}

/** A claimed message back to pending after a passing fault, for the runner to try again. */
export async function requeueSmsMessage(id: string, error: string | null): Promise<void> {
  await db().smsMessage.update({ where: { id }, data: { status: "pending", error } });
}

/** sending → sent, inside the transaction that records `sms_gonderildi`. */
export async function markSmsSent(tx: Tx, tenantId: string, id: string, driver: string, providerRef: string | null, at: Date): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    UPDATE sms_messages SET status = 'sent', driver = ${driver}, provider_ref = ${providerRef}, sent_at = ${at}
    WHERE id = ${id} AND tenant_id = ${tenantId}`);
}

/** sending → failed, inside the transaction that gives its units back and records `sms_basarisiz`. */
export async function markSmsFailed(tx: Tx, tenantId: string, id: string, driver: string, error: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    UPDATE sms_messages SET status = 'failed', driver = ${driver}, error = ${error}
    WHERE id = ${id} AND tenant_id = ${tenantId}`);
}

/**
 * The messages the runner sends, oldest first: the pending ones written before `before`, after making
 * pending again the sends that started before `staleBefore` and never finished (they died with their
 * process). One statement on the driver: the runner asks every second or so and finds nothing most of
 * the time. (The requeued rows come from the update itself: the select's snapshot predates it.)
 */
export async function duePendingSms(staleBefore: Date, before: Date, limit: number): Promise<string[]> {
  const kinds = Prisma.join(SENT_BY_OUTBOX);
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    WITH requeued AS (
      UPDATE sms_messages SET status = 'pending'
      WHERE kind IN (${kinds}) AND status = 'sending' AND created_at < ${staleBefore}
      RETURNING id, created_at)
    SELECT id FROM (
      SELECT id, created_at FROM sms_messages WHERE kind IN (${kinds}) AND status = 'pending' AND created_at < ${before}
      UNION ALL
      SELECT id, created_at FROM requeued WHERE created_at < ${before}) due
    ORDER BY created_at LIMIT ${limit}`);
  return rows.map((r) => r.id);
}
