// The service's notion of "now". Every time-dependent rule (expiry, download windows, purges) reads
// it, so that tests can move time forward (TEST_CLOCK=1) instead of waiting hours.
import { env } from "@/lib/env";

// On globalThis: route bundles and instrumentation (which runs the background jobs) are separate
// module graphs in one process and must agree on the time.
const state = globalThis as typeof globalThis & { __eonamClockOffsetMs?: number };

export function now(): Date {
  return new Date(Date.now() + (state.__eonamClockOffsetMs ?? 0));
}

export function clockOffsetMs(): number {
  return state.__eonamClockOffsetMs ?? 0;
}

/** Shifts the clock; refused unless TEST_CLOCK is on. */
export function setClockOffset(ms: number): void {
  if (!env().TEST_CLOCK) throw new Error("TEST_CLOCK is off");
  state.__eonamClockOffsetMs = ms;
}
