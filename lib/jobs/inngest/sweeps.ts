// Scheduled functions under Inngest: the expiry sweep, the transparency log's checkpoint, and a
// safety net that runs the embedded runner's jobs so work whose event was lost (a crash between
// commit and send) still gets done.
import { expireDueConsents } from "@/lib/consents/expire-consents";
import { BACKGROUND_JOBS } from "@/lib/jobs/background-jobs";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { inngest } from "@/lib/jobs/inngest/client";
import { stampedCheckpoint } from "@/lib/transparency/stamp-checkpoint";

export const expirySweep = inngest.createFunction({ id: "expire-consents", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  return step.run("expire-due-consents", async () => {
    const expired = await expireDueConsents();
    if (expired > 0) await dispatchOutbox();
    return expired;
  });
});

// decisions §20: a signed checkpoint at least once a minute while the log grows, and its time-stamp
// (each decides itself whether a minute has passed); the embedded runner's log-checkpoint job.
export const logCheckpoint = inngest.createFunction({ id: "log-checkpoint", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  return step.run("sign-and-stamp-checkpoint", async () => (await stampedCheckpoint())?.size ?? null);
});

export const backgroundSweep = inngest.createFunction({ id: "background-sweep", triggers: [{ cron: "*/5 * * * *" }] }, async ({ step }) => {
  const done: Record<string, number> = {};
  for (const job of BACKGROUND_JOBS) {
    // Each has a function of its own, every minute.
    if (job.name === "expire-consents" || job.name === "log-checkpoint") continue;
    done[job.name] = await step.run(job.name, async () => {
      const n = await (job.safetyNet ?? job.run)();
      if (n > 0) await dispatchOutbox();
      return n;
    });
  }
  return done;
});
