// The job outbox's dispatcher (lib/db/outbox.ts): after a commit that wrote job events, they are sent
// — to Inngest under BACKGROUND_JOBS=inngest (the event id makes a repeat a no-op there), or to the
// embedded runner, which wakes the job that does that work instead of waiting for its next round.
// Called by the request pipelines after a handler, by the runner after each job, and by the Inngest
// functions after each step; a row left by a crash goes with the next dispatch.
import { claimOutbox, deleteOutbox, mayHaveOutboxRows, type OutboxRow } from "@/lib/db/outbox";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { inngest } from "@/lib/jobs/inngest/client";
import { wakeEmbeddedJobs } from "@/lib/jobs/embedded-wake";

/** Rows per dispatch; the runner's own round takes any beyond. */
const BATCH = 100;
/** How long a dispatcher may take to send what it claimed before another may take it over. */
const LEASE_MS = 30_000;

async function send(rows: OutboxRow[]): Promise<boolean> {
  if (env().BACKGROUND_JOBS !== "inngest") {
    wakeEmbeddedJobs(rows);
    return true;
  }
  try {
    await inngest.send(rows.map((r) => ({ name: r.name, data: r.data, id: r.key })));
    return true;
  } catch (err) {
    // The rows stay; their lease lapses and the next dispatch (a request, the sweep) sends them.
    logger().warn({ err: err instanceof Error ? err.message : String(err), events: rows.map((r) => r.key) }, "could not send job events to Inngest; sent again later");
    return false;
  }
}

/** Sends the waiting job events; returns how many were sent. */
export async function dispatchOutbox(): Promise<number> {
  if (!mayHaveOutboxRows()) return 0;
  const at = now();
  const rows = await claimOutbox(BATCH, at, new Date(at.getTime() + LEASE_MS));
  if (rows.length === 0 || !(await send(rows))) return 0;
  await deleteOutbox(rows.map((r) => r.id));
  return rows.length;
}
