// Idempotent responses are kept for the 24 hours of decisions §4, then forgotten: they hold whole
// consent objects (names, masked numbers) that must not outlive the replay window. A background job.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";

/** Records removed per run at most; the runner runs again at once while a run removes this many. */
export const FORGET_BATCH = 1000;

export async function forgetExpiredIdempotencyKeys(at: Date = now()): Promise<number> {
  const expired = await db().idempotencyRecord.findMany({
    where: { expiresAt: { lt: at } },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: FORGET_BATCH,
  });
  if (expired.length === 0) return 0;
  const { count } = await db().idempotencyRecord.deleteMany({ where: { id: { in: expired.map((r) => r.id) }, expiresAt: { lt: at } } });
  return count;
}
