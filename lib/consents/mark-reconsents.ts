// decisions §22: after a material publish, the completed consents of the template's earlier versions
// become reconsent_required, each announced by consent.reconsent_required. The work is recorded when
// the version is published (a reconsent_markings row, lib/db/reconsent.ts) and done here batch by
// batch, each in its own short transaction: a tenant with 100 000 such consents is never marked in one
// long transaction, a crash resumes where the last committed batch ended, and a consent already marked
// is never marked (or announced) again. The embedded runner's job and the Inngest function both call it.
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatIsoOffset } from "@/lib/time";
import { markReconsentBatch, nextPendingMarking } from "@/lib/db/reconsent";

/** Consents per transaction. */
export const RECONSENT_BATCH = 500;

/**
 * Marks up to `maxBatches` batches of `batch` consents, oldest marking first; returns how many it
 * marked. A run that marked `batch × maxBatches` may have stopped with more due.
 */
export async function markReconsents({ batch = RECONSENT_BATCH, maxBatches = 1 }: { batch?: number; maxBatches?: number } = {}): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const marking = await nextPendingMarking();
    if (!marking) break;
    const at = now();
    const result = await markReconsentBatch(marking, batch, at, formatIsoOffset(at, env().APP_TIMEZONE));
    // Another worker holds this marking's batch right now: it carries on.
    if (result === null) break;
    total += result.marked;
  }
  return total;
}
