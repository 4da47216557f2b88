// Runs a request's work (an API call, a signing step, a panel action) and then sends the job events
// it wrote (lib/jobs/dispatch-outbox.ts), after its commits. Only a request that wrote some pays for
// the dispatch. A dispatch that fails leaves the rows for the next one; it never changes the answer.
import { withOutboxScope } from "@/lib/db/outbox";
import { logger } from "@/lib/log";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";

export function dispatchingJobs<T>(work: () => Promise<T>): Promise<T> {
  return withOutboxScope(async () => {
    try {
      return await work();
    } finally {
      await dispatchOutbox().catch((err: unknown) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, "job events not dispatched now; the runner sends them"));
    }
  });
}
