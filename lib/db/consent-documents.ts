// The panel's ZIP of the filtered list's signed PDFs: which consents have a document to put in it,
// newest first, at most `limit`, in one statement (the storage key and digest the reader checks).
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { consentWhere, type ConsentFilter } from "@/lib/db/consents";

interface ConsentDocumentRef {
  id: string;
  documentKey: string;
  documentSha256: string;
}

export function consentDocumentRefs(tenantId: string, f: ConsentFilter, limit: number): Promise<ConsentDocumentRef[]> {
  const { where } = consentWhere(tenantId, f);
  return sqlRows<ConsentDocumentRef>(Prisma.sql`
    SELECT id, document_key AS "documentKey", document_sha256 AS "documentSha256"
    FROM consents
    WHERE ${where} AND document_key IS NOT NULL AND document_sha256 IS NOT NULL AND purged_at IS NULL
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
}
