// Waits before each new attempt at a step that failed on its own (a document that would not render, a
// seal key that would not sign): 1 min, 5 min, 30 min, 2 h, then every 6 h. Not for the timestamp,
// whose schedule is a setting (TSA_RETRY_SCHEDULE, decisions §9). And how long a step's claim lasts.
import { randomUUID } from "node:crypto";
import type { StepClaim } from "@/lib/db/completion";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const RETRY_SCHEDULE = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** When to try again after the `attempts`-th failure. */
export function retryAt(attempts: number, at: Date): Date {
  return new Date(at.getTime() + RETRY_SCHEDULE[Math.min(attempts - 1, RETRY_SCHEDULE.length - 1)]!);
}

/** What a lease adds to the longest its work may take: writes, storage, a slow database. */
const LEASE_MARGIN_MS = 60_000;

/**
 * A step's claim, whose lease outlives the work it covers (issue #46): rendering and sealing give up
 * after PDF_RENDER_TIMEOUT and the seal's time-stamp (and a step's detached timestamp) after
 * TSA_TIMEOUT, so a live holder always writes before another may take the step over. (Should it still
 * be late, its write is conditional on the token and changes nothing.)
 */
export function stepClaim(step: "document" | "seal" | "timestamp" | "receipt", at: Date): StepClaim {
  const e = env();
  const work = step === "timestamp" ? e.TSA_TIMEOUT : e.PDF_RENDER_TIMEOUT + e.TSA_TIMEOUT;
  return { token: randomUUID(), until: new Date(at.getTime() + work + LEASE_MARGIN_MS) };
}

/** After the storage (or the database) did not answer: the next try, without counting an attempt. */
const OUTAGE_RETRY_MS = 30_000;

interface ClaimedStep {
  step: "document" | "receipt";
  /** the step's attempts so far, or null when another holder has it (or it is done) */
  claim: (consentId: string, at: Date, claim: StepClaim) => Promise<number | null>;
  /** the work under the claim; true when this call stored its result */
  produce: (consentId: string, token: string) => Promise<boolean>;
  /** rows changed: 0 when the claim was taken over */
  recordFailure: (consentId: string, token: string, attempts: number, next: Date) => Promise<number>;
  /** the log line of a failure, e.g. "document not produced; tried again later" */
  failed: string;
}

/**
 * A step produced once under its claim; true when this call stored its result. Should it fail on its
 * own it is tried again on the retry schedule; the database or the storage not answering is left to
 * the caller (it concerns every consent alike: the runner backs off, Inngest retries the step).
 */
export async function runClaimedStep(consentId: string, s: ClaimedStep): Promise<boolean> {
  const at = now();
  const claim = stepClaim(s.step, at);
  const attempts = await s.claim(consentId, at, claim);
  if (attempts === null) return false;
  try {
    return await s.produce(consentId, claim.token);
  } catch (err) {
    if (isDatabaseUnavailable(err)) {
      // Not this consent's failure (its attempts stay): the claim is given up and the next try is
      // OUTAGE_RETRY_MS away, so the sweep tries again soon after the storage is back — when the
      // database itself is gone this fails too, and the lease lapses on its own.
      await s.recordFailure(consentId, claim.token, attempts, new Date(now().getTime() + OUTAGE_RETRY_MS)).catch(() => undefined);
      throw err;
    }
    const next = retryAt(attempts + 1, now());
    // A holder whose claim was taken over writes nothing: the failure is not this step's any more.
    if ((await s.recordFailure(consentId, claim.token, attempts + 1, next)) === 0) return false;
    logger().error({ consentId, attempts: attempts + 1, next: next.toISOString(), err: err instanceof Error ? err.message : String(err) }, s.failed);
    return false;
  }
}
