// The in-process runner: periodically does the background work that rows in the database say is
// due. Every step is a conditional update, so several instances on one PostgreSQL may run it.
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { expireDueConsents } from "@/lib/consents/expire-consents";
import { purgeDueConsents } from "@/lib/consents/purge-consents";
import { sendPendingSms } from "@/lib/consents/send-pending-sms";
import { produceMissingDocuments } from "@/lib/documents/produce-consent-document";
import { attemptDueTimestamps } from "@/lib/timestamping/attempt-timestamp";

const JOBS: [string, () => Promise<number>][] = [
  ["expire-consents", () => expireDueConsents()],
  ["send-pending-sms", () => sendPendingSms()],
  ["produce-missing-documents", () => produceMissingDocuments()],
  ["attempt-due-timestamps", () => attemptDueTimestamps()],
  ["purge-consents", () => purgeDueConsents()],
];

export interface Runner {
  /** runs every job once now (tests and shutdown use it) */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startEmbeddedRunner(): Runner {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    for (const [name, job] of JOBS) {
      try {
        const n = await job();
        if (n > 0) logger().info({ job: name, n }, "background job");
      } catch (err) {
        logger().error({ err, job: name }, "background job failed");
      }
    }
  };
  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, env().RUNNER_INTERVAL).unref();
    });
  };
  timer = setTimeout(loop, 1000).unref();

  return {
    tick: () => (running = running.then(tick)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
