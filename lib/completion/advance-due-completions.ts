// The completion pipeline's sweep (the embedded runner's job; under Inngest, its safety net): every
// consent with a step due, through the same step function as the signing request. One consent that
// fails on its own never holds back the others; the database or the storage not answering stops the
// run (the runner backs off), as it concerns every consent alike.
import { dueCompletionIds } from "@/lib/db/completion";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { advanceCompletion } from "@/lib/completion/advance-completion";

/** A signature's own request produces its document at once; the sweep takes over after this long. */
export const SIGNING_REQUEST_GRACE_MS = 30_000;

/**
 * Advances up to `batch` consents whose step was due `lateBy` ago or earlier (0: due now; the Inngest
 * safety net passes a grace so that it never runs a step ahead of the function that owns it).
 */
export async function advanceDueCompletions(batch = 20, lateBy = 0): Promise<number> {
  const at = now();
  const dueBy = new Date(at.getTime() - lateBy);
  const ids = await dueCompletionIds(dueBy, new Date(dueBy.getTime() - SIGNING_REQUEST_GRACE_MS), batch);
  for (const id of ids) {
    try {
      await advanceCompletion(id);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      logger().error({ consentId: id, err: err instanceof Error ? err.message : String(err) }, "completion step failed; tried again later");
    }
  }
  return ids.length;
}
