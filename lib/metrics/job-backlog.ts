// Background work due now, by kind, for the metrics' backlog gauge: counts on indexed columns.
import { now } from "@/lib/clock";
import { db } from "@/lib/db";
import { outboxBacklog } from "@/lib/db/outbox";

/** A job event older than this was not sent after its commit (Inngest unreachable, say). */
const UNSENT_AFTER_MS = 60_000;

export async function jobBacklog(): Promise<Record<string, number>> {
  const at = now();
  const prisma = db();
  const [webhooks, timestamps, sms, documents, events] = await Promise.all([
    prisma.webhookDelivery.count({ where: { status: "pending", nextAttemptAt: { lte: at } } }),
    prisma.consent.count({ where: { tsStatus: "queued", tsNextAttemptAt: { lte: at } } }),
    prisma.smsMessage.count({ where: { kind: { in: ["link", "reminder"] }, status: { in: ["pending", "sending"] } } }),
    prisma.consent.count({ where: { status: { in: ["completed", "withdrawn"] }, documentSha256: null, completionAnnouncedAt: null } }),
    outboxBacklog(new Date(at.getTime() - UNSENT_AFTER_MS)),
  ]);
  return { webhook_delivery: webhooks, timestamp: timestamps, link_sms: sms, document: documents, job_event: events };
}
