// The completion pipeline's sweep (the embedded runner's job, woken by the job event a signature
// wrote; under Inngest, its safety net): every consent with a step due, through the one step function.
// Up to PARALLEL consents advance at once, so that one consent waiting on a TSA (a second, or its
// timeout) does not hold up the next signature's document. One consent that fails on its own never
// holds back the others; the database or the storage not answering stops the run (the runner backs
// off), as it concerns every consent alike.
import { dueCompletionIds } from "@/lib/db/completion";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { advanceCompletion } from "@/lib/completion/advance-completion";

/** Consents advanced side by side: their steps mostly wait (the TSA, the storage); rendering has its own pool. */
const PARALLEL = 8;

/**
 * Advances up to `batch` consents whose step was due `lateBy` ago or earlier (0: due now; the Inngest
 * safety net passes a grace so that it never runs a step ahead of the function that owns it).
 */
export async function advanceDueCompletions(batch = 20, lateBy = 0): Promise<number> {
  const dueBy = new Date(now().getTime() - lateBy);
  const ids = await dueCompletionIds(dueBy, batch);
  let outage: unknown;
  let next = 0;
  const worker = async () => {
    while (outage === undefined && next < ids.length) {
      const id = ids[next++]!;
      try {
        await advanceCompletion(id);
      } catch (err) {
        if (isDatabaseUnavailable(err)) outage ??= err;
        else logger().error({ consentId: id, err: err instanceof Error ? err.message : String(err) }, "completion step failed; tried again later");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  if (outage !== undefined) throw outage;
  return ids.length;
}
