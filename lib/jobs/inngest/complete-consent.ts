// The completion pipeline under Inngest: the same step function as every other trigger
// (lib/completion/advance-completion.ts), one durable step per call, sleeping until the next step is
// due (a timestamp retry on TSA_RETRY_SCHEDULE, a new attempt to seal). After MAX_ROUNDS the
// safety-net sweep carries on whatever is left (only a seal that keeps failing lasts that long).
import { advanceCompletion } from "@/lib/completion/advance-completion";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { inngest, JOB_EVENTS } from "@/lib/jobs/inngest/client";

const MAX_ROUNDS = 12;

/** One step: what is due, then the job events it wrote (consent.completed's delivery). */
async function advance(consentId: string) {
  const progress = await advanceCompletion(consentId);
  await dispatchOutbox();
  return progress;
}

export const completeConsent = inngest.createFunction(
  { id: "complete-consent", triggers: [{ event: JOB_EVENTS.completion }] },
  async ({ event, step }) => {
    const consentId = String((event.data as { consentId: string }).consentId);
    let progress = await step.run("advance-1", () => advance(consentId));
    for (let round = 2; progress.next && round <= MAX_ROUNDS; round++) {
      await step.sleepUntil(`wait-${round}`, progress.next.at);
      progress = await step.run(`advance-${round}`, () => advance(consentId));
    }
    return { consentId, next: progress.next };
  },
);
