// Idempotency-Key records (decisions §4): one per API key and key, claimed by the first request
// (the unique index decides a race), completed with its response, forgotten after 24 hours.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";

/** Throws a unique violation (isUniqueViolation) when the key is claimed already. */
export async function insertIdempotencyRecord(r: { apiKeyId: string; key: string; requestHash: string; createdAt: Date; expiresAt: Date }): Promise<bigint> {
  return (await db().idempotencyRecord.create({ data: r, select: { id: true } })).id;
}

export function idempotencyRecord(apiKeyId: string, key: string) {
  return db().idempotencyRecord.findUnique({ where: { apiKeyId_key: { apiKeyId, key } } });
}

/** With `createdAt`, only the claim made then: a claim made since in its place stays. */
export async function deleteIdempotencyRecord(id: bigint, createdAt?: Date): Promise<void> {
  await db().idempotencyRecord.deleteMany({ where: { id, ...(createdAt ? { createdAt } : {}) } });
}

/** `consentId`: the consent the response is about, which a kurum purge deletes it by (its body is encrypted). */
export async function completeIdempotencyRecord(id: bigint, status: number, responseBody: string, consentId: string | null): Promise<void> {
  await db().idempotencyRecord.update({ where: { id }, data: { status, responseBody, consentId } });
}

/**
 * Deletes up to `limit` records expired by `at`, the oldest first; returns how many. One statement on
 * the driver: the runner asks every second or so and finds nothing most of the time.
 */
export async function deleteExpiredIdempotencyRecords(at: Date, limit: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(Prisma.sql`
    WITH gone AS (
      DELETE FROM idempotency_records WHERE id IN (
        SELECT id FROM idempotency_records WHERE expires_at < ${at} ORDER BY expires_at LIMIT ${limit})
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return row?.n ?? 0;
}
