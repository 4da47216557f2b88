// After a state change commits: under Inngest, send the events that start its functions. The
// database rows stay the source of truth: a lost event is picked up by the scheduled sweep, and
// the embedded runner (the default) needs no events at all.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { inngest, JOB_EVENTS } from "@/lib/jobs/inngest/client";

type JobEvent = { name: string; data: Record<string, string>; id: string };

async function send(events: JobEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    // `id` makes Inngest drop a repeated event, so announcing twice starts one run.
    await inngest.send(events);
  } catch (err) {
    logger().warn({ err, events: events.map((e) => e.id) }, "could not send events to Inngest; the sweep will pick the work up");
  }
}

export async function announceSigned(consentId: string): Promise<void> {
  if (env().BACKGROUND_JOBS !== "inngest") return;
  await send([{ name: JOB_EVENTS.consentSigned, data: { consentId }, id: `signed-${consentId}` }]);
}

/** Starts a delivery run for each delivery of the tenant not yet attempted. */
export async function announceDeliveries(tenantId?: string): Promise<void> {
  if (env().BACKGROUND_JOBS !== "inngest") return;
  const fresh = await db().webhookDelivery.findMany({
    where: { ...(tenantId ? { tenantId } : {}), status: "pending", attemptCount: 0, nextAttemptAt: { not: null }, createdAt: { gte: new Date(now().getTime() - 3_600_000) } },
    select: { id: true },
    take: 100,
  });
  await send(fresh.map((d) => ({ name: JOB_EVENTS.deliveryCreated, data: { deliveryId: String(d.id) }, id: `delivery-${d.id}` })));
}
