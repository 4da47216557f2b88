// The embedded runner's webhook job: every pending delivery whose time has come gets its attempt.
// Deliveries are claimed in batches (one statement each) only when there is room to POST them at
// once, so a claimed delivery never waits in a queue while its lease runs; up to PARALLEL POSTs are
// in flight, so one slow receiver (10 s) does not hold up the others; finished attempts are recorded
// in groups, whatever finished while the previous group was being written.
import { now } from "@/lib/clock";
import { claimDueDeliveries, type ClaimedDelivery } from "@/lib/webhooks/claim-due-deliveries";
import { loadAttemptContext } from "@/lib/webhooks/load-attempt-context";
import { recordAttempts, type FinishedAttempt } from "@/lib/webhooks/record-attempts";
import { sendAttempt } from "@/lib/webhooks/send-attempt";

const PARALLEL = 128;
/** Claim again once this many POSTs have finished: fewer, larger claims. */
const REFILL = 64;
/** A run stops after this many attempts, so that the runner reports and other work interleaves. */
export const DELIVERY_RUN_LIMIT = 1000;

/** `overdueMs`: only attempts due at least this long ago (the Inngest safety net leaves the rest to their functions). */
export async function deliverDueWebhooks(limit = DELIVERY_RUN_LIMIT, overdueMs = 0): Promise<number> {
  const recorder = groupRecorder();
  const inFlight = new Set<Promise<void>>();
  let claimedTotal = 0;
  let failure: unknown;
  const attempt = (d: ClaimedDelivery, send: Promise<Awaited<ReturnType<typeof sendAttempt>>>) => {
    const p: Promise<void> = send
      .then((result) => recorder.add({ delivery: d, result, manual: false, at: now() }))
      // Not recorded: the lease lapses and the delivery is attempted again later, as after a crash.
      .catch((err: unknown) => void (failure ??= err))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  for (;;) {
    const room = Math.min(PARALLEL - inFlight.size, limit - claimedTotal);
    if (room <= 0) break;
    const at = now();
    const claimed = await claimDueDeliveries(room, at, new Date(at.getTime() - overdueMs));
    claimedTotal += claimed.length;
    if (claimed.length > 0) {
      const ctx = await loadAttemptContext(claimed, at).catch((err: unknown) => {
        failure ??= err;
        return null;
      });
      if (!ctx) break;
      for (const d of claimed) attempt(d, sendAttempt(d, ctx));
    }
    if (claimed.length < room) break; // nothing more is due now
    while (inFlight.size > PARALLEL - REFILL) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await recorder.drain();
  // The runner logs it; the attempts concerned were not recorded and their leases will lapse.
  if (failure !== undefined) throw failure;
  return claimedTotal;
}

/** How long finished attempts wait to be written together: one statement each time. */
const GROUP_MS = 20;

/** Writes finished attempts in groups: one write at a time, each taking all that finished meanwhile. */
function groupRecorder() {
  let pending: FinishedAttempt[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown;
  const flush = async () => {
    await new Promise((r) => setTimeout(r, GROUP_MS));
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      await recordAttempts(group).catch((err: unknown) => void (failure ??= err));
    }
    writing = null;
  };
  return {
    add(a: FinishedAttempt): void {
      pending.push(a);
      writing ??= flush();
    },
    async drain(): Promise<void> {
      while (writing) await writing;
      if (failure !== undefined) throw failure;
    },
  };
}
