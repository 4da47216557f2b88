// The background sweeps over every tenant's consents: the expiry of open consents past expires_at,
// and the purge of `kurum` consents once their download window has passed (decisions §12). Each
// finds its work here and changes one consent at a time in a transaction of its own.
import { Prisma } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";
import { assignments } from "@/lib/db/columns";

/**
 * Sent consents past expires_at, oldest expiry first. On the driver: the runner asks every second
 * or so, and finds nothing most of the time (Prisma's query compiler cost more than the query).
 */
export function dueExpiries(at: Date, limit: number): Promise<{ id: string; tenantId: string; expiresAt: Date }[]> {
  return sqlRows(Prisma.sql`
    SELECT id, tenant_id AS "tenantId", expires_at AS "expiresAt" FROM consents
    WHERE status = 'sent' AND expires_at <= ${at} ORDER BY expires_at LIMIT ${limit}`);
}

// ── The purge (storage mode `kurum`) ────────────────────────────────────────────────────────────

/** Everything personal on the consent row, and what only served the signing or the document. */
const ERASED = {
  renderedHtml: null,
  variables: null,
  externalRef: null,
  externalPatientId: null,
  patientName: null,
  phone: null,
  phoneMasked: null,
  tcMasked: null,
  tcDigest: null,
  searchDigests: [],
  tcEncrypted: null,
  birthDate: null,
  physician: null,
  procedure: null,
  // NOT NULL column: "" means "no longer known" (it would tell a guardian signed for a minor).
  approverType: "",
  approverName: null,
  approverRelation: null,
  animalName: null,
  animalSpecies: null,
  // free text written by the person or the institution
  rejectReason: null,
  cancelReason: null,
  withdrawReason: null,
  signatureImage: null,
  typedSignature: null,
  interpreterName: null,
  interpreterSignature: null,
  // decisions §19: the other parties' names and signatures
  witnessName: null,
  witnessSignature: null,
  countersignerName: null,
  countersignerRegistrationNo: null,
  countersignature: null,
  // issue #51: the name the physician typed instead of drawing
  countersignTyped: null,
  // decisions §24: the physician's certificate (its subject names them) and the document they signed
  countersignCertificate: null,
  countersignedPdf: null,
  refusalWitness: null,
  signerIp: null,
  signerUserAgent: null,
} satisfies Prisma.ConsentUpdateManyMutationInput;

/** Ready to purge at `at`, besides the deadline itself (a condition on `consents`). */
function readyAt(at: Date): Prisma.Sql {
  return Prisma.sql`(
    -- The tenant's current mode decides: a tenant moved back to merkezi keeps its records.
    EXISTS (SELECT 1 FROM tenants t WHERE t.id = consents.tenant_id AND t.storage_mode = 'kurum')
    -- A signed consent waits for its document and the end of its first timestamp cycle (the point
    -- where consent.completed is announced): purged earlier, the document could never be produced.
    AND (status IN ('rejected', 'expired', 'cancelled')
      OR (status IN ('completed', 'withdrawn') AND document_sha256 IS NOT NULL AND completion_announced_at IS NOT NULL AND ts_status <> 'queued'))
    -- Nor while a completion step (a manual retry's timestamp attempt, say) holds its claim: its
    -- result would have no record to go to.
    AND (ts_next_attempt_at IS NULL OR ts_next_attempt_at <= ${at})
    AND (completion_claimed_until IS NULL OR completion_claimed_until <= ${at}))`;
}

/**
 * Consents whose purge is due at `at` (ready and past purge_after), and earlier purges whose stored
 * file is still to be removed, soonest deadline first. purge_after is cleared once a purge is
 * complete, so its index holds only pending work.
 */
export function duePurges(at: Date, limit: number): Promise<{ id: string; tenantId: string; purgedAt: Date | null }[]> {
  return sqlRows(Prisma.sql`
    SELECT id, tenant_id AS "tenantId", purged_at AS "purgedAt" FROM consents
    WHERE purge_after <= ${at} AND (purged_at IS NOT NULL OR ${readyAt(at)})
    ORDER BY purge_after LIMIT ${limit}`);
}

/**
 * The purge itself, under the consent's row lock (the caller's): conditional on the consent being
 * due, it erases the person from the row and removes the rows about them. False when it was not due.
 */
export async function purgeConsentRows(tx: Tx, tenantId: string, id: string, at: Date): Promise<boolean> {
  const purged = await tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...ERASED, purgedAt: at, updatedAt: new Date() })}
    WHERE id = ${id} AND tenant_id = ${tenantId} AND purged_at IS NULL AND purge_after <= ${at} AND ${readyAt(at)}`);
  if (purged === 0) return false;
  // chain_head and event_count stay on the consent row: they are what the records are checked against.
  await tx.$executeRaw(Prisma.sql`DELETE FROM consent_events WHERE consent_id = ${id} AND tenant_id = ${tenantId}`);
  await tx.$executeRaw(Prisma.sql`DELETE FROM otp_codes WHERE consent_id = ${id} AND EXISTS (SELECT 1 FROM consents WHERE id = ${id} AND tenant_id = ${tenantId})`);
  // Each row names the masked phone; the quota ledger keeps what the messages cost.
  await tx.$executeRaw(Prisma.sql`DELETE FROM sms_messages WHERE consent_id = ${id} AND tenant_id = ${tenantId}`);
  // Documents kept in the database go with the transaction; a filesystem copy right after it.
  await tx.$executeRaw(Prisma.sql`DELETE FROM stored_files WHERE consent_id = ${id} AND tenant_id = ${tenantId}`);
  // A webhook receiver may have echoed the payload (the person's name) into its answer.
  await tx.$executeRaw(Prisma.sql`
    UPDATE webhook_attempts SET response_snippet = NULL
    WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE consent_id = ${id} AND tenant_id = ${tenantId})`);
  // Replayable responses (decisions §4) hold the whole consent object, names included: those about
  // this consent go (each records the consent it answered with, lib/api/idempotency.ts). A request
  // repeated with such a key afterwards simply runs again.
  await tx.$executeRaw(Prisma.sql`
    DELETE FROM idempotency_records
    WHERE consent_id = ${id} AND api_key_id IN (SELECT id FROM api_keys WHERE tenant_id = ${tenantId})`);
  return true;
}

/** The stored document's key of a purged consent whose purge is not complete yet; undefined when there is none to finish. */
export async function purgedDocumentKey(tenantId: string, id: string): Promise<{ documentKey: string | null; receiptKey: string | null } | undefined> {
  return (await db().consent.findFirst({ where: { id, tenantId, purgedAt: { not: null } }, select: { documentKey: true, receiptKey: true } })) ?? undefined;
}

/** A purge is complete once its stored files are gone: nothing is left for the sweep to do. */
export async function completePurge(tenantId: string, id: string): Promise<void> {
  await db().consent.updateMany({ where: { id, tenantId, purgedAt: { not: null } }, data: { documentKey: null, receiptKey: null, purgeAfter: null } });
}
