// Background work due now, by kind, for the metrics' backlog gauge: counts on indexed columns.
import { db } from "@/lib/db";
import { outboxBacklog } from "@/lib/db/outbox";

/** `unsentBefore`: a job event older than this was not sent after its commit. */
export async function dueWorkCounts(at: Date, unsentBefore: Date) {
  const prisma = db();
  const [webhooks, timestamps, sms, documents, events] = await Promise.all([
    prisma.webhookDelivery.count({ where: { status: "pending", nextAttemptAt: { lte: at } } }),
    prisma.consent.count({ where: { tsStatus: "queued", tsNextAttemptAt: { lte: at } } }),
    prisma.smsMessage.count({ where: { kind: { in: ["link", "reminder"] }, status: { in: ["pending", "sending"] } } }),
    prisma.consent.count({ where: { status: { in: ["completed", "withdrawn"] }, documentSha256: null, completionAnnouncedAt: null } }),
    outboxBacklog(unsentBefore),
  ]);
  return { webhooks, timestamps, sms, documents, events };
}
