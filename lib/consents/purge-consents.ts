// Storage mode `kurum` (decisions §12): once the 24-hour download window after the close has passed,
// the service forgets the person. What stays is what proves the document without naming anyone: the
// id, status and dates, template code/version/content_sha256, document.sha256, the timestamp token
// (tsr_url keeps working) and the evidence chain's head and event count, against which the
// institution's own copy of the evidence JSON can still be checked.
//
// Each consent is purged in its own transaction behind its row lock and a conditional update, so
// several instances sweeping at once never purge one twice, and an append or timestamp write that
// races the purge either lands before it (and is purged with the rest) or finds the record purged.
import type { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";
import { lockConsent } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { fileStorage } from "@/lib/storage/file-storage";
import { evidenceReportKey } from "@/lib/documents/evidence-report-pdf";

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
  refusalWitness: null,
  signerIp: null,
  signerUserAgent: null,
} satisfies Prisma.ConsentUpdateManyMutationInput;

/** Ready to purge at `at`, besides the deadline itself. */
function readyAt(at: Date): Prisma.ConsentWhereInput {
  return {
    // The tenant's current mode decides: a tenant moved back to `merkezi` keeps its records.
    tenant: { storageMode: "kurum" },
    OR: [
      { status: { in: ["rejected", "expired", "cancelled"] } },
      // A signed consent waits for its document and the end of its first timestamp cycle (the point
      // where consent.completed is announced): purged earlier, the document could never be produced.
      { status: { in: ["completed", "withdrawn"] }, documentSha256: { not: null }, completionAnnouncedAt: { not: null }, tsStatus: { not: "queued" } },
    ],
    // Nor while a (manual) timestamp attempt holds its lease: its result would have no record to go to.
    AND: [{ OR: [{ tsNextAttemptAt: null }, { tsNextAttemptAt: { lte: at } }] }],
  };
}

/**
 * Purges up to `batch` due consents and finishes earlier purges whose stored file is still to be
 * removed; returns how many it handled.
 */
export async function purgeDueConsents(batch = 50): Promise<number> {
  const at = now();
  // purge_after is cleared once a purge is complete, so its index holds only pending work.
  const rows = await db().consent.findMany({
    where: { purgeAfter: { lte: at }, OR: [{ purgedAt: { not: null } }, { purgedAt: null, ...readyAt(at) }] },
    select: { id: true, tenantId: true, purgedAt: true },
    orderBy: { purgeAfter: "asc" },
    take: batch,
  });
  let handled = 0;
  for (const r of rows) {
    try {
      if (r.purgedAt === null && !(await purgeConsent(r.tenantId, r.id, at))) continue;
      await removeStoredDocument(r.tenantId, r.id);
      handled++;
    } catch (err) {
      // One consent that cannot be purged now must not hold up the others; it is retried next run.
      logger().error({ err, consentId: r.id }, "consent purge failed");
    }
  }
  return handled;
}

/** The purge itself, in one transaction; false when the consent is not (or no longer) due. */
async function purgeConsent(tenantId: string, id: string, at: Date): Promise<boolean> {
  const purged = await db().$transaction(async (tx) => {
    // The row lock first: evidence appends and timestamp writes for this consent wait for the purge.
    await lockConsent(tx, tenantId, id);
    const { count } = await tx.consent.updateMany({
      where: { id, tenantId, purgedAt: null, purgeAfter: { lte: at }, ...readyAt(at) },
      data: { ...ERASED, purgedAt: at },
    });
    if (count === 0) return false;
    // chain_head and event_count stay on the consent row: they are what the records are checked against.
    await tx.consentEvent.deleteMany({ where: { consentId: id, tenantId } });
    await tx.otpCode.deleteMany({ where: { consentId: id, consent: { tenantId } } });
    // Each row names the masked phone; the quota ledger keeps what the messages cost.
    await tx.smsMessage.deleteMany({ where: { consentId: id, tenantId } });
    // Documents kept in the database go with the transaction; a filesystem copy right after it.
    await tx.storedFile.deleteMany({ where: { consentId: id, tenantId } });
    // A webhook receiver may have echoed the payload (the person's name) into its answer.
    await tx.webhookAttempt.updateMany({ where: { delivery: { consentId: id, tenantId } }, data: { responseSnippet: null } });
    await forgetIdempotentResponses(tx, tenantId, id);
    return true;
  });
  if (purged) logger().info({ consentId: id }, "consent purged (storage kurum)");
  return purged;
}

/**
 * Replayable responses (decisions §4) hold the whole consent object, names included; any that
 * mention this consent go. A request repeated with such a key afterwards simply runs again.
 */
async function forgetIdempotentResponses(tx: Tx, tenantId: string, id: string): Promise<void> {
  const keys = await tx.apiKey.findMany({ where: { tenantId }, select: { id: true } });
  if (keys.length === 0) return;
  await tx.idempotencyRecord.deleteMany({ where: { apiKeyId: { in: keys.map((k) => k.id) }, responseBody: { contains: `"${id}"` } } });
}

/**
 * Removes the stored document of a purged consent, then marks the purge complete. Kept apart from
 * the transaction: a crash in between leaves document_key set, and the next run removes the file.
 */
async function removeStoredDocument(tenantId: string, id: string): Promise<void> {
  const c = await db().consent.findFirst({ where: { id, tenantId, purgedAt: { not: null } }, select: { documentKey: true } });
  if (!c) return;
  if (c.documentKey) await fileStorage().delete(c.documentKey);
  // The evidence report kept for evidence_url names the person too.
  await fileStorage().delete(evidenceReportKey(id));
  await db().consent.updateMany({ where: { id, tenantId, purgedAt: { not: null } }, data: { documentKey: null, purgeAfter: null } });
}
