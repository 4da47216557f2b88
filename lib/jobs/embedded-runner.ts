// The in-process runner (the default, when no Inngest server is configured): each job does the
// background work that rows in the database say is due, on its own loop so a slow job (a webhook
// receiver taking 10 s) never holds up another. Every step claims its row with a conditional
// update, so several instances on one PostgreSQL may run it side by side. A job that fails (the
// database unreachable, say) waits twice as long after each failure in a row, up to a minute, and
// logs its failure once in full rather than a stack trace every second. A job event dispatched
// from the outbox wakes its job at once instead of at its next round.
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { BACKGROUND_JOBS } from "@/lib/jobs/background-jobs";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { registerEmbeddedWake } from "@/lib/jobs/embedded-wake";

export interface Runner {
  /** runs every job once now */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** The longest wait between runs of a job that keeps failing. */
const MAX_BACKOFF_MS = 60_000;
/** Job events handled at once beside a job's round (onEvent); beyond it, the round takes them. */
const MAX_EVENTS_IN_FLIGHT = 16;

export function startEmbeddedRunner(): Runner {
  let stopped = false;
  const loops = BACKGROUND_JOBS.map((job) => {
    let running: Promise<void> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    /** a round is under way; a wake meanwhile asks for one more right after it */
    let busy = false;
    let wokenWhileBusy = false;
    /** failed runs in a row: each doubles the wait before the next (the database down, say) */
    let failures = 0;
    /** job events being handled now (onEvent) */
    const events = new Set<Promise<void>>();
    /** resolves to true when the run stopped at its batch limit, so more is likely due */
    const once = async (): Promise<boolean> => {
      try {
        const n = await job.run();
        // What the job wrote for other jobs (a webhook to deliver) goes now.
        if (n > 0) await dispatchOutbox();
        if (failures > 0) logger().info({ job: job.name, failures }, "background job recovered");
        failures = 0;
        if (n > 0) logger().info({ job: job.name, n }, "background job");
        return job.batch !== undefined && n >= job.batch;
      } catch (err) {
        failures++;
        // The first failure in full; then, while it lasts, a short line at the 2nd, 4th, 8th… only.
        if (failures === 1) logger().error({ err, job: job.name }, "background job failed");
        else if ((failures & (failures - 1)) === 0) logger().warn({ err: err instanceof Error ? err.message : String(err), job: job.name, failures }, "background job still failing");
        return false;
      }
    };
    const interval = job.interval ? Math.min(job.interval, env().RUNNER_INTERVAL) : env().RUNNER_INTERVAL;
    const loop = () => {
      if (stopped) return;
      busy = true;
      wokenWhileBusy = false;
      // once() never rejects. A backlog, or a wake during the round, is worked off without waiting.
      running = once().then((more) => {
        busy = false;
        const again = more || wokenWhileBusy;
        const wait = again ? 0 : Math.min(interval * 2 ** Math.min(failures, 16), Math.max(interval, MAX_BACKOFF_MS));
        if (!stopped) timer = setTimeout(loop, wait).unref();
      });
    };
    timer = setTimeout(loop, 1000).unref();
    return {
      name: job.name,
      wake(data: readonly Record<string, string>[]) {
        if (stopped) return;
        if (job.onEvent && events.size + data.length <= MAX_EVENTS_IN_FLIGHT) {
          for (const d of data) {
            const p: Promise<void> = job.onEvent(d).then(
              () => void dispatchOutbox().catch(() => undefined),
              // The item stays due in the database: the job's round takes it (and logs a lasting failure).
              (err: unknown) => void logger().warn({ job: job.name, err: err instanceof Error ? err.message : String(err) }, "job event not handled now; the next round takes it"),
            ).finally(() => events.delete(p));
            events.add(p);
          }
          return;
        }
        if (busy) {
          wokenWhileBusy = true;
          return;
        }
        clearTimeout(timer);
        loop();
      },
      tick: () => (running = running.then(() => void once())),
      async stop() {
        clearTimeout(timer);
        await Promise.all([running, ...events]);
      },
    };
  });
  registerEmbeddedWake((name, data) => loops.find((l) => l.name === name)?.wake(data));
  return {
    tick: async () => void (await Promise.all(loops.map((l) => l.tick()))),
    async stop() {
      stopped = true;
      registerEmbeddedWake(undefined);
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}
