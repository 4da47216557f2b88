// The verify lookups (POST /v1/verify, POST /api/public/verify, /dogrula): any tenant's consent by id
// or by a digest of one of its records — the document (its unsealed predecessor, an earlier revision)
// or, after a withdrawal, its sealed receipt (issue #51, decisions §18). One statement each, straight
// to the driver: every check of the public page and of integrators runs one.
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

const VERIFY_FIELDS = [
  "status",
  "expiresAt",
  "signedAt",
  "documentSha256",
  "documentKey",
  "supersededSha256",
  "sealLevel",
  "sealSigner",
  "tsStatus",
  "tsTime",
  "tsSerial",
  "tsProvider",
  "receiptSha256",
  "receiptKey",
] as const satisfies readonly (keyof Prisma.ConsentSelect)[];

const verifyColumns = columnsAs("Consent", VERIFY_FIELDS, "c");

export type VerifyRow = Pick<Prisma.ConsentGetPayload<{ select: { [K in (typeof VERIFY_FIELDS)[number]]: true } }>, (typeof VERIFY_FIELDS)[number]> & {
  id: string;
  institution: string;
  /** the digest asked about is one the document had before an archive renewal (decisions §24) */
  earlier: boolean;
};

/** decisions §24: a digest the document on record had before an archive renewal appended to it. */
const earlierDigest = (sha256: string) =>
  Prisma.sql`(c.document_sha256 IS NOT NULL AND EXISTS (SELECT 1 FROM earlier_documents e WHERE e.consent_id = c.id AND e.sha256 = ${sha256}))`;

/**
 * Any tenant's consent by id (verify is open to every key and to the public page), with its
 * institution's name and whether `sha256` is one of its document's earlier digests.
 */
export async function verifyRow(id: string, sha256: string): Promise<VerifyRow | undefined> {
  const [row] = await sqlRows<VerifyRow>(Prisma.sql`
    SELECT c.id, ${verifyColumns}, t.name AS institution, ${earlierDigest(sha256)} AS earlier
    FROM consents c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.id = ${id}`);
  return row;
}

/**
 * The consent whose document (its unsealed predecessor, or an earlier revision) or whose withdrawal
 * receipt has this digest, with its id (decisions §23; the receipt by consents_receipt_sha256_idx).
 */
export async function verifyRowByDigest(sha256: string): Promise<VerifyRow | undefined> {
  const [row] = await sqlRows<VerifyRow>(Prisma.sql`
    SELECT c.id, ${verifyColumns}, t.name AS institution, ${earlierDigest(sha256)} AS earlier
    FROM consents c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.document_sha256 = ${sha256} OR c.superseded_sha256 = ${sha256}
      OR c.id = (SELECT consent_id FROM earlier_documents WHERE sha256 = ${sha256})
      OR c.receipt_sha256 = ${sha256}
    LIMIT 1`);
  return row;
}
