// The completion pipeline under Inngest: document → timestamp attempts on TSA_RETRY_SCHEDULE, each
// durable. The last step of the timestamp cycle enqueues consent.completed (lib/timestamping).
import { env } from "@/lib/env";
import { produceConsentDocument } from "@/lib/documents/produce-consent-document";
import { attemptTimestamp } from "@/lib/timestamping/attempt-timestamp";
import { timestampStatus } from "@/lib/timestamping/timestamp-status";
import { inngest, JOB_EVENTS } from "@/lib/jobs/inngest/client";

export const completeConsent = inngest.createFunction(
  { id: "complete-consent", triggers: [{ event: JOB_EVENTS.consentSigned }] },
  async ({ event, step }) => {
    const consentId = String((event.data as { consentId: string }).consentId);
    await step.run("produce-document", () => produceConsentDocument(consentId));
    const schedule = env().TSA_RETRY_SCHEDULE;
    let status = await step.run("timestamp-status", () => timestampStatus(consentId));
    for (let i = 0; i < schedule.length && status === "queued"; i++) {
      if (schedule[i]! > 0) await step.sleep(`timestamp-wait-${i + 1}`, schedule[i]!);
      status = await step.run(`timestamp-${i + 1}`, async () => {
        await attemptTimestamp(consentId);
        return timestampStatus(consentId);
      });
    }
    return { consentId, timestamp: status };
  },
);
