// Scheduled functions under Inngest: the expiry sweep, and a safety net that runs the embedded
// runner's jobs so work whose event was lost (a crash between commit and send) still gets done.
import { expireDueConsents } from "@/lib/consents/expire-consents";
import { BACKGROUND_JOBS } from "@/lib/jobs/background-jobs";
import { inngest } from "@/lib/jobs/inngest/client";

export const expirySweep = inngest.createFunction({ id: "expire-consents", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  return step.run("expire-due-consents", () => expireDueConsents());
});

export const backgroundSweep = inngest.createFunction({ id: "background-sweep", triggers: [{ cron: "*/5 * * * *" }] }, async ({ step }) => {
  const done: Record<string, number> = {};
  for (const job of BACKGROUND_JOBS) {
    if (job.name === "expire-consents") continue;
    done[job.name] = await step.run(job.name, () => (job.safetyNet ?? job.run)());
  }
  return done;
});
