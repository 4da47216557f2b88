// Webhook delivery under Inngest: one step per attempt, a durable sleep between attempts per
// WEBHOOK_RETRY_SCHEDULE. The attempt itself (claim, sign, POST, record) is lib/webhooks.
import { env } from "@/lib/env";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { deliveryStatus } from "@/lib/webhooks/delivery-status";
import { inngest, JOB_EVENTS } from "@/lib/jobs/inngest/client";

export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", triggers: [{ event: JOB_EVENTS.deliveryCreated }] },
  async ({ event, step }) => {
    const id = BigInt(String((event.data as { deliveryId: string | number }).deliveryId));
    const schedule = env().WEBHOOK_RETRY_SCHEDULE;
    let status = "pending";
    for (let i = 0; i < schedule.length && status === "pending"; i++) {
      if (schedule[i]! > 0) await step.sleep(`wait-${i + 1}`, schedule[i]!);
      // Inngest keeps the time here, so the attempt runs when the step does. Null: someone else
      // (a resend, the sweep) attempted it meanwhile; the row says where it stands.
      status = await step.run(`attempt-${i + 1}`, async () => (await attemptDelivery(id, { by: "inngest" }))?.status ?? (await deliveryStatus(id)));
    }
    return { deliveryId: String(id), status };
  },
);
