// Storage mode `kurum` (decisions §12): once the 24-hour download window after the close has passed,
// the service forgets the person. What stays is what proves the document without naming anyone: the
// id, status and dates, template code/version/content_sha256, document.sha256, the timestamp token
// (tsr_url keeps working) and the evidence chain's head and event count, against which the
// institution's own copy of the evidence JSON can still be checked.
//
// Each consent is purged in its own transaction behind its row lock and a conditional update, so
// several instances sweeping at once never purge one twice, and an append or timestamp write that
// races the purge either lands before it (and is purged with the rest) or finds the record purged.
import { transaction } from "@/lib/db";
import { lockConsent } from "@/lib/db/consents";
import { completePurge, duePurges, purgeConsentRows, purgedDocumentKey } from "@/lib/db/consent-sweeps";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { fileStorage } from "@/lib/storage/file-storage";
import { evidenceReportKey } from "@/lib/consents/evidence-report-pdf";

/**
 * Purges up to `batch` due consents and finishes earlier purges whose stored file is still to be
 * removed; returns how many it handled.
 */
export async function purgeDueConsents(batch = 50): Promise<number> {
  const at = now();
  const rows = await duePurges(at, batch);
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

/**
 * The purge itself, in one transaction (lib/db/consent-sweeps.ts says what goes); false when the
 * consent is not (or no longer) due.
 */
async function purgeConsent(tenantId: string, id: string, at: Date): Promise<boolean> {
  const purged = await transaction(async (tx) => {
    // The row lock first: evidence appends and timestamp writes for this consent wait for the purge.
    await lockConsent(tx, tenantId, id);
    return purgeConsentRows(tx, tenantId, id, at);
  });
  if (purged) logger().info({ consentId: id }, "consent purged (storage kurum)");
  return purged;
}

/**
 * Removes the stored document of a purged consent, then marks the purge complete. Kept apart from
 * the transaction: a crash in between leaves document_key set, and the next run removes the file.
 */
async function removeStoredDocument(tenantId: string, id: string): Promise<void> {
  const c = await purgedDocumentKey(tenantId, id);
  if (!c) return;
  if (c.documentKey) await fileStorage().delete(c.documentKey);
  // issue #51: the withdrawal receipt names the person too (its digest stays, like the document's).
  if (c.receiptKey) await fileStorage().delete(c.receiptKey);
  // The evidence report kept for evidence_url names the person too.
  await fileStorage().delete(evidenceReportKey(id));
  await completePurge(tenantId, id);
}
