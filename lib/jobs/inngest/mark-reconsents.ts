// decisions §22 under Inngest: a material publish's marking (event eonam/reconsent.marking), one
// step per batch so that each batch is its own short transaction and a retried run resumes after the
// last committed one. What a run leaves (more batches than one run takes, a lost event) the
// background sweep's mark-reconsents job finishes.
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { inngest, JOB_EVENTS } from "@/lib/jobs/inngest/client";
import { markReconsents, RECONSENT_BATCH } from "@/lib/consents/mark-reconsents";

/** Batches per run: 250 × 500 consents, well inside Inngest's step limit per run. */
const MAX_BATCHES = 250;

export const markReconsentsFunction = inngest.createFunction(
  { id: "mark-reconsents", triggers: [{ event: JOB_EVENTS.reconsentMarking }] },
  async ({ step }) => {
    let total = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await step.run(`batch-${i + 1}`, async () => {
        const marked = await markReconsents();
        // The batch's webhook deliveries go now.
        if (marked > 0) await dispatchOutbox();
        return marked;
      });
      total += n;
      if (n < RECONSENT_BATCH) break;
    }
    return { marked: total };
  },
);
