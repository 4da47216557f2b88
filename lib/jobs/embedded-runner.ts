// The in-process runner (the default, when no Inngest server is configured): each job does the
// background work that rows in the database say is due, on its own loop so a slow job (a webhook
// receiver taking 10 s) never holds up another. Every step claims its row with a conditional
// update, so several instances on one PostgreSQL may run it side by side.
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { BACKGROUND_JOBS } from "@/lib/jobs/background-jobs";

export interface Runner {
  /** runs every job once now */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startEmbeddedRunner(): Runner {
  let stopped = false;
  const loops = BACKGROUND_JOBS.map((job) => {
    let running: Promise<void> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    /** resolves to true when the run stopped at its batch limit, so more is likely due */
    const once = async (): Promise<boolean> => {
      try {
        const n = await job.run();
        if (n > 0) logger().info({ job: job.name, n }, "background job");
        return job.batch !== undefined && n >= job.batch;
      } catch (err) {
        logger().error({ err, job: job.name }, "background job failed");
        return false;
      }
    };
    const interval = job.interval ? Math.min(job.interval, env().RUNNER_INTERVAL) : env().RUNNER_INTERVAL;
    const loop = () => {
      if (stopped) return;
      // once() never rejects. A backlog is worked off without waiting the interval between runs.
      running = once().then((more) => {
        if (!stopped) timer = setTimeout(loop, more ? 0 : interval).unref();
      });
    };
    timer = setTimeout(loop, 1000).unref();
    return {
      tick: () => (running = running.then(() => void once())),
      async stop() {
        clearTimeout(timer);
        await running;
      },
    };
  });

  return {
    tick: async () => void (await Promise.all(loops.map((l) => l.tick()))),
    async stop() {
      stopped = true;
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}
