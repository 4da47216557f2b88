// Waits before each new attempt at a step that failed on its own (a document that would not render, a
// seal key that would not sign): 1 min, 5 min, 30 min, 2 h, then every 6 h. Not for the timestamp,
// whose schedule is a setting (TSA_RETRY_SCHEDULE, decisions §9).
const RETRY_SCHEDULE = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** When to try again after the `attempts`-th failure. */
export function retryAt(attempts: number, at: Date): Date {
  return new Date(at.getTime() + RETRY_SCHEDULE[Math.min(attempts - 1, RETRY_SCHEDULE.length - 1)]!);
}

/** How long one process may hold a step (render, seal, store) before another may take it over. */
export const STEP_LEASE_MS = 2 * 60_000;
