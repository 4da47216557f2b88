// The patient search's backfill (lib/consents/index-earlier-consents.ts): the consents still without
// search digests, a page at a time, and the statement that gives a page theirs. The predicate is the
// partial index's (consents_search_unindexed_idx), so once every row is done a read costs one empty
// index probe.
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";

interface Unindexed {
  id: string;
  tenantId: string;
  patientName: string;
  approverName: string | null;
  phone: string | null;
}

/** Up to `limit` consents without search digests whose id sorts after `after`, in id order. */
export function unindexedConsents(after: string, limit: number): Promise<Unindexed[]> {
  return db().$queryRaw<Unindexed[]>(Prisma.sql`
    SELECT id, tenant_id AS "tenantId", patient_name AS "patientName", approver_name AS "approverName", phone
    FROM consents
    WHERE search_digests = ARRAY[]::TEXT[] AND patient_name IS NOT NULL AND purged_at IS NULL AND id > ${after}
    ORDER BY id LIMIT ${limit}`);
}

/** Writes each row's digests, only where it still has none and is not purged; returns how many changed. */
export function setSearchDigests(values: { id: string; d: string[] }[]): Promise<number> {
  return db().$executeRaw(Prisma.sql`
    UPDATE consents c SET search_digests = v.d
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id text, d text[])
    WHERE c.id = v.id AND c.search_digests = ARRAY[]::TEXT[] AND c.purged_at IS NULL`);
}
