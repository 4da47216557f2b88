// decisions §24: a qualified countersignature between its two steps — the prepared document and the
// signed attributes the physician's card signs, valid 10 minutes, used once (its document is dropped
// when used). Every read names the tenant and the consent.
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

export interface QualifiedPrepareRow {
  id: string;
  tenantId: string;
  consentId: string;
  createdAt: Date;
  expiresAt: Date;
  /** encrypted */
  physicianName: string;
  /** encrypted */
  registrationNo: string | null;
  informedAt: Date;
  certificate: Uint8Array;
  /** the certificate's issuers: base64 DER, space-separated */
  chain: string;
  signedAttributes: Uint8Array;
  /** encrypted */
  pdf: Uint8Array;
}

/**
 * Stores a prepared countersignature, and forgets the tenant's that expired (their documents hold
 * personal data and are of no use after their 10 minutes).
 */
export async function insertQualifiedPrepare(row: QualifiedPrepareRow): Promise<void> {
  await db().qualifiedPrepare.deleteMany({ where: { tenantId: row.tenantId, expiresAt: { lt: row.createdAt } } });
  await db().qualifiedPrepare.create({
    data: { ...row, certificate: Buffer.from(row.certificate), signedAttributes: Buffer.from(row.signedAttributes), pdf: Buffer.from(row.pdf) },
  });
}

/** The prepared countersignature, while unused and unexpired; null otherwise. */
export async function openQualifiedPrepare(tenantId: string, consentId: string, id: string, at: Date) {
  return db().qualifiedPrepare.findFirst({ where: { id, tenantId, consentId, usedAt: null, expiresAt: { gt: at }, pdf: { not: null } } });
}

/** Marks it used (and drops its document) in the countersignature's transaction; 0 when someone used it first or it expired. */
export function useQualifiedPrepare(tx: Tx, tenantId: string, id: string, at: Date): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE qualified_prepares SET used_at = ${at}, pdf = NULL
    WHERE id = ${id} AND tenant_id = ${tenantId} AND used_at IS NULL AND expires_at > ${at}`);
}

/** The consent's other prepared countersignatures, once one was used: none of them can be any more. */
export function forgetOtherPrepares(tx: Tx, tenantId: string, consentId: string, usedId: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`DELETE FROM qualified_prepares WHERE tenant_id = ${tenantId} AND consent_id = ${consentId} AND id <> ${usedId}`);
}
