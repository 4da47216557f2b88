// Re-consent (decisions §22): the pending markings of material publishes, the batch that marks a
// template's completed consents of earlier versions, the link between a consent and its re-consent,
// and the supersession when the re-consent completes. Every change is conditional, so that running
// a step twice changes nothing the second time.
import { Prisma } from "@prisma/client";
import { sqlRows, transaction, type Tx } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";
import { consentSelect, type ConsentRow } from "@/lib/db/consents";
import { insertOutbox, outboxForDeliveries } from "@/lib/db/outbox";
import { DELIVERY_CREATED_EVENT } from "@/lib/db/webhooks";

/** The job event that starts (or resumes) the marking of a material publish. */
export const RECONSENT_MARKING_EVENT = "eonam/reconsent.marking";

interface PendingMarking {
  id: string;
  tenantId: string;
  templateId: string;
  version: number;
}

/**
 * Inside the publish's transaction: the marking still to do for `version` of the template, and its
 * job event. A repeat (the same template and version) is a no-op.
 */
export async function insertReconsentMarking(tx: Tx, m: { tenantId: string; templateId: string; version: number }, at: Date): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO reconsent_markings (tenant_id, template_id, version, created_at) VALUES (${m.tenantId}, ${m.templateId}, ${m.version}, ${at})
    ON CONFLICT (template_id, version) DO NOTHING`);
  await insertOutbox(tx, { name: RECONSENT_MARKING_EVENT, key: `reconsent-marking-${m.templateId}-${m.version}`, data: { templateId: m.templateId, version: String(m.version) } }, at);
}

/** The oldest marking not done yet. */
export async function nextPendingMarking(): Promise<PendingMarking | undefined> {
  const [row] = await sqlRows<PendingMarking>(Prisma.sql`
    SELECT id::text AS id, tenant_id AS "tenantId", template_id AS "templateId", version
    FROM reconsent_markings WHERE done_at IS NULL ORDER BY id LIMIT 1`);
  return row;
}

/**
 * One batch of a marking, in one short transaction: up to `limit` completed consents of the
 * template's earlier versions not marked yet become reconsent_required, each with its
 * consent.reconsent_required delivery (for endpoints that subscribe) and job event; the marking
 * counts them and is done once a batch finds fewer than `limit`. The marking's row is locked with
 * SKIP LOCKED, so a second worker on the same marking does nothing (null) instead of waiting.
 */
export async function markReconsentBatch(
  marking: PendingMarking,
  limit: number,
  at: Date,
  createdAtIso: string,
): Promise<{ marked: number; done: boolean } | null> {
  return transaction(async (tx) => {
    const held = await tx.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT id::text AS id FROM reconsent_markings WHERE id = ${marking.id}::bigint AND done_at IS NULL FOR UPDATE SKIP LOCKED`,
    );
    if (held.length === 0) return null;
    const event = "consent.reconsent_required";
    const [counted] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
      WITH m AS (
        UPDATE consents SET reconsent_required = true, updated_at = ${new Date()}
        WHERE id IN (
          SELECT id FROM consents
          WHERE template_id = ${marking.templateId} AND template_version < ${marking.version} AND tenant_id = ${marking.tenantId}
            AND (status IN ('completed', 'signed') OR (status = 'sent' AND expires_at > ${at})) AND NOT reconsent_required AND purged_at IS NULL
          ORDER BY template_version, id LIMIT ${limit}::int FOR UPDATE
        )
        RETURNING id, tenant_id
      ), d AS (
        INSERT INTO webhook_deliveries (tenant_id, consent_id, event, created_at_iso, next_attempt_at, created_at)
        SELECT m.tenant_id, m.id, ${event}, ${createdAtIso}, ${at}, ${new Date()}
        FROM m JOIN webhook_endpoints w ON w.tenant_id = m.tenant_id AND ${event} = ANY (w.events)
        RETURNING id
      ), o AS (${outboxForDeliveries(DELIVERY_CREATED_EVENT, at)})
      SELECT count(*)::int AS n FROM m`);
    const marked = counted?.n ?? 0;
    const done = marked < limit;
    await tx.$executeRaw(Prisma.sql`
      UPDATE reconsent_markings SET marked = marked + ${marked}, done_at = ${done ? at : null}
      WHERE id = ${marking.id}::bigint`);
    return { marked, done };
  });
}

// ── The link between a consent and its re-consent ───────────────────────────────────────────────

export interface ReconsentLock {
  status: string;
  purgedAt: Date | null;
  /** when its consent.completed went out: its document and first timestamp cycle are done */
  announcedAt: Date | null;
  replacedBy: string | null;
  /** the replacement's status as recorded and its expiry (a `sent` one past it reads expired) */
  replacementStatus: string | null;
  replacementExpiresAt: Date | null;
  /** decisions §26: a material change reached it (an open consent is then renewable too) */
  reconsentRequired: boolean;
  expiresAt: Date;
}

/** Locks the consent to be renewed for the rest of the transaction (two re-consents at once: one waits, then sees the other's). */
export async function lockForReconsent(tx: Tx, tenantId: string, id: string): Promise<ReconsentLock | undefined> {
  const rows = await tx.$queryRaw<ReconsentLock[]>(Prisma.sql`
    SELECT c.status, c.purged_at AS "purgedAt", c.completion_announced_at AS "announcedAt", c.replaced_by AS "replacedBy",
           c.reconsent_required AS "reconsentRequired", c.expires_at AS "expiresAt",
           r.status AS "replacementStatus", r.expires_at AS "replacementExpiresAt"
    FROM consents c LEFT JOIN consents r ON r.id = c.replaced_by AND r.tenant_id = c.tenant_id
    WHERE c.id = ${id} AND c.tenant_id = ${tenantId}
    FOR UPDATE OF c`);
  const r = rows[0];
  return r && { ...r, expiresAt: new Date(r.expiresAt), replacementExpiresAt: r.replacementExpiresAt === null ? null : new Date(r.replacementExpiresAt) };
}

/** The old consent names its re-consent; a completed one, or an open one cancelled for it (§26), under the lock above. */
export function setReplacedBy(tx: Tx, tenantId: string, id: string, replacementId: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET replaced_by = ${replacementId}, updated_at = ${new Date()}
    WHERE id = ${id} AND tenant_id = ${tenantId} AND status IN ('completed', 'cancelled') AND purged_at IS NULL`);
}

/**
 * completed → superseded: the consent that `replacementId` renews, once the replacement completed.
 * Conditional on it still being completed and still naming this replacement, so a second call (or a
 * replacement that is no longer the latest) changes nothing. Returns the superseded consent.
 */
export async function markSuperseded(tx: Tx, replacementId: string): Promise<{ id: string; tenantId: string; version: number } | undefined> {
  const rows = await tx.$queryRaw<{ id: string; tenantId: string; version: number }[]>(Prisma.sql`
    UPDATE consents o SET status = 'superseded', updated_at = ${new Date()}
    FROM consents n
    WHERE n.id = ${replacementId} AND n.status = 'completed' AND o.id = n.previous_id AND o.tenant_id = n.tenant_id
      AND o.status = 'completed' AND o.replaced_by = n.id
    RETURNING o.id, o.tenant_id AS "tenantId", n.template_version AS version`);
  return rows[0];
}

/** A page of the template's completed consents awaiting re-consent (the panel), newest first, and how many in all. */
export async function awaitingReconsentPage(
  tenantId: string,
  templateId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ConsentRow[]; total: number }> {
  // A purged (kurum) consent has no person left to ask: it is not listed.
  const where = Prisma.sql`tenant_id = ${tenantId} AND template_id = ${templateId} AND status IN ('completed', 'sent', 'signed') AND reconsent_required AND purged_at IS NULL`;
  const [rows, [total]] = await Promise.all([
    sqlRows<ConsentRow>(Prisma.sql`SELECT ${columnsAs("Consent", Object.keys(consentSelect))} FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}::int OFFSET ${offset}::int`),
    sqlRows<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM consents WHERE ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Which of `ids` are the template's consents awaiting re-consent with none created yet (the panel's chosen rows, issue #51). */
export async function awaitingAmong(tenantId: string, templateId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    SELECT id FROM consents
    WHERE tenant_id = ${tenantId} AND template_id = ${templateId} AND id IN (${Prisma.join(ids)}) AND status IN ('completed', 'sent', 'signed')
      AND reconsent_required AND replaced_by IS NULL AND purged_at IS NULL`);
  return rows.map((r) => r.id);
}
