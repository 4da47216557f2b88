// Runs a request's work (an API call, a signing step, a panel action) and then sends the job events
// it wrote (lib/jobs/dispatch-outbox.ts), after its commits and after its answer has gone (Next's
// `after`, then the other requests in flight): the person who signed does not wait for the
// bookkeeping, and the rows are durable, so a process that dies in between leaves them to the
// runner's next round. Only a request that wrote some
// pays for the dispatch. A dispatch that fails leaves the rows for the next one; it never changes the
// answer.
import { after } from "next/server";
import { mayHaveOutboxRows, withOutboxScope } from "@/lib/db/outbox";
import { logger } from "@/lib/log";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { yieldToRequests } from "@/lib/jobs/interactive-requests";

// After the answer, the dispatch (a claim and a delete) also waits for the other requests in flight
// here: a burst of signatures is answered first, then its job events go out together.
const dispatch = () =>
  yieldToRequests()
    .then(() => dispatchOutbox())
    .then(() => undefined)
    .catch((err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, "job events not dispatched now; the runner sends them"));

/** After the answer when there is one to wait for (a Next request); at once otherwise (a script, a test). */
function afterAnswer(fn: () => Promise<void>): Promise<void> {
  try {
    after(fn);
    return Promise.resolve();
  } catch {
    return fn();
  }
}

export function dispatchingJobs<T>(work: () => Promise<T>): Promise<T> {
  return withOutboxScope(async () => {
    try {
      return await work();
    } finally {
      if (mayHaveOutboxRows()) await afterAnswer(dispatch);
    }
  });
}
