// Background work due now, by kind, for the metrics' backlog gauge.
import { now } from "@/lib/clock";
import { dueWorkCounts } from "@/lib/db/job-backlog";

/** A job event older than this was not sent after its commit (Inngest unreachable, say). */
const UNSENT_AFTER_MS = 60_000;

export async function jobBacklog(): Promise<Record<string, number>> {
  const at = now();
  const c = await dueWorkCounts(at, new Date(at.getTime() - UNSENT_AFTER_MS));
  return { webhook_delivery: c.webhooks, timestamp: c.timestamps, link_sms: c.sms, document: c.documents, job_event: c.events };
}
