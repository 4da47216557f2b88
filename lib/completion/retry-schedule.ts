// Waits before each new attempt at a step that failed on its own (a document that would not render, a
// seal key that would not sign): 1 min, 5 min, 30 min, 2 h, then every 6 h. Not for the timestamp,
// whose schedule is a setting (TSA_RETRY_SCHEDULE, decisions §9). And how long a step's claim lasts.
import { randomUUID } from "node:crypto";
import type { StepClaim } from "@/lib/db/completion";
import { env } from "@/lib/env";

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
