// The national-id digest's backfill (lib/consents/rekey-national-ids.ts): consents whose digest is
// still of version 1, a page at a time, and the statement that gives a page its version-2 digests.
// The predicate is the partial index's (consents_tc_digest_v1_idx), so once every row is done a read
// costs one empty index probe.
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";

interface UnkeyedNationalId {
  id: string;
  tenantId: string;
  tcEncrypted: string;
}

/** Up to `limit` consents with a version-1 national-id digest whose id sorts after `after`, in id order. */
export function consentsWithOldTcDigest(after: string, limit: number): Promise<UnkeyedNationalId[]> {
  return db().$queryRaw<UnkeyedNationalId[]>(Prisma.sql`
    SELECT id, tenant_id AS "tenantId", tc_encrypted AS "tcEncrypted"
    FROM consents
    WHERE tc_digest_version = 1 AND tc_encrypted IS NOT NULL AND purged_at IS NULL AND id > ${after}
    ORDER BY id LIMIT ${limit}`);
}

/** Writes each row's new digest, only where it is still of version 1 and not purged; returns how many changed. */
export function setTcDigests(values: { id: string; d: string }[], version: number): Promise<number> {
  return db().$executeRaw(Prisma.sql`
    UPDATE consents c SET tc_digest = v.d, tc_digest_version = ${version}
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id text, d text)
    WHERE c.id = v.id AND c.tc_digest_version = 1 AND c.purged_at IS NULL`);
}
