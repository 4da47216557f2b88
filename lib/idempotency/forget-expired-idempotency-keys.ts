// Idempotent responses are kept for the 24 hours of decisions §4, then forgotten: they hold whole
// consent objects (names, masked numbers) that must not outlive the replay window. A background job.
import { deleteExpiredIdempotencyRecords } from "@/lib/db/idempotency";
import { now } from "@/lib/clock";

/** Records removed per run at most; the runner runs again at once while a run removes this many. */
export const FORGET_BATCH = 1000;

export function forgetExpiredIdempotencyKeys(at: Date = now()): Promise<number> {
  return deleteExpiredIdempotencyRecords(at, FORGET_BATCH);
}
