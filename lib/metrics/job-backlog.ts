// Background work due now, by kind, for the metrics' backlog gauge: counts on indexed columns.
import { now } from "@/lib/clock";
import { db } from "@/lib/db";

export async function jobBacklog(): Promise<Record<string, number>> {
  const at = now();
  const prisma = db();
  const [webhooks, timestamps, sms, documents] = await Promise.all([
    prisma.webhookDelivery.count({ where: { status: "pending", nextAttemptAt: { lte: at } } }),
    prisma.consent.count({ where: { tsStatus: "queued", tsNextAttemptAt: { lte: at } } }),
    prisma.smsMessage.count({ where: { kind: "link", status: { in: ["pending", "sending"] } } }),
    prisma.consent.count({ where: { status: "completed", documentSha256: null } }),
  ]);
  return { webhook_delivery: webhooks, timestamp: timestamps, link_sms: sms, document: documents };
}
