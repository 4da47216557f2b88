// Scheduled functions under Inngest: the expiry sweep, and a safety net that runs the embedded
// runner's jobs so work whose event was lost (a crash between commit and send) still gets done.
import { expireDueConsents } from "@/lib/consents/expire-consents";
import { BACKGROUND_JOBS } from "@/lib/jobs/background-jobs";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { inngest } from "@/lib/jobs/inngest/client";

export const expirySweep = inngest.createFunction({ id: "expire-consents", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  return step.run("expire-due-consents", async () => {
    const expired = await expireDueConsents();
    if (expired > 0) await dispatchOutbox();
    return expired;
  });
});

export const backgroundSweep = inngest.createFunction({ id: "background-sweep", triggers: [{ cron: "*/5 * * * *" }] }, async ({ step }) => {
  const done: Record<string, number> = {};
  for (const job of BACKGROUND_JOBS) {
    if (job.name === "expire-consents") continue;
    done[job.name] = await step.run(job.name, async () => {
      const n = await (job.safetyNet ?? job.run)();
      if (n > 0) await dispatchOutbox();
      return n;
    });
  }
  return done;
});
