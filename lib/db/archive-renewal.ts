// decisions §24, archive renewal: which documents' last document time-stamp expires when, and the
// renewal's claim and outcome. A document is read once per file (archive_sha256 names the file read);
// a renewal replaces the file conditionally on its digest, so a renewal and a late seal never both
// win, and the earlier digest is kept in earlier_documents so that a copy of it still verifies.
import { Prisma } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";
import { assignments } from "@/lib/db/columns";

export interface ArchiveDocument {
  id: string;
  tenantId: string;
  documentKey: string | null;
  documentSha256: string;
}

const documentColumns = Prisma.sql`id, tenant_id AS "tenantId", document_key AS "documentKey", document_sha256 AS "documentSha256"`;

/** Documents whose current file has not been read yet, oldest first. */
export function unreadArchiveDocuments(limit: number): Promise<ArchiveDocument[]> {
  return sqlRows(Prisma.sql`
    SELECT ${documentColumns} FROM consents
    WHERE document_sha256 IS NOT NULL AND archive_sha256 IS DISTINCT FROM document_sha256 AND purged_at IS NULL
    ORDER BY document_at LIMIT ${limit}`);
}

/** What reading `sha256` found: the expiry of its last document time-stamp's certificate, or null for none. */
export async function recordArchiveRead(consentId: string, sha256: string, notAfter: Date | null): Promise<void> {
  await db().consent.updateMany({ where: { id: consentId, documentSha256: sha256 }, data: { archiveSha256: sha256, archiveTsNotAfter: notAfter } });
}

/** Read documents whose time-stamp certificate expires by `expiresBy` and whose next try has come. */
export async function dueArchiveRenewals(expiresBy: Date, at: Date, limit: number): Promise<ArchiveDocument[]> {
  return sqlRows(Prisma.sql`
    SELECT ${documentColumns} FROM consents
    WHERE archive_ts_not_after IS NOT NULL AND archive_ts_not_after <= ${expiresBy} AND purged_at IS NULL
      AND archive_sha256 = document_sha256 AND (archive_next_attempt_at IS NULL OR archive_next_attempt_at <= ${at})
    ORDER BY archive_ts_not_after LIMIT ${limit}`);
}

/** Claims the renewal of the file `sha256` until `leaseUntil`; false when someone else has it or the file changed. */
export async function claimArchiveRenewal(consentId: string, sha256: string, at: Date, leaseUntil: Date): Promise<boolean> {
  const { count } = await db().consent.updateMany({
    where: { id: consentId, documentSha256: sha256, archiveSha256: sha256, purgedAt: null, OR: [{ archiveNextAttemptAt: null }, { archiveNextAttemptAt: { lte: at } }] },
    data: { archiveNextAttemptAt: leaseUntil },
  });
  return count > 0;
}

/** No renewal now (the TSA did not answer, or has no newer certificate): the next try at `next`. */
export async function postponeArchiveRenewal(consentId: string, sha256: string, next: Date): Promise<void> {
  await db().consent.updateMany({ where: { id: consentId, documentSha256: sha256 }, data: { archiveNextAttemptAt: next } });
}

interface RenewedDocument {
  documentSha256: string;
  documentKey: string;
  archiveTsNotAfter: Date;
}

/**
 * The renewed file replaces `previousSha256` (1), or 0 when the file changed meanwhile. The detached
 * timestamp is taken again over the new digest when timestamping is on, as after a late seal.
 */
export async function replaceWithRenewed(tx: Tx, consentId: string, previousSha256: string, d: RenewedDocument, at: Date, retimestamp: boolean): Promise<number> {
  const ts = retimestamp ? { tsStatus: "queued", tsNextAttemptAt: at, tsAttempts: 0, tsError: "", tsToken: null, tsTime: null, tsSerial: null } : {};
  const count = await tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...d, archiveSha256: d.documentSha256, archiveNextAttemptAt: null, ...ts, updatedAt: new Date() })}
    WHERE id = ${consentId} AND document_sha256 = ${previousSha256}`);
  if (count > 0) {
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO earlier_documents (sha256, consent_id, replaced_at) VALUES (${previousSha256}, ${consentId}, ${at})
      ON CONFLICT (sha256) DO NOTHING`);
  }
  return count;
}
