// Background work yields to the people waiting on this process: a completion (render, seal, token
// checks: tens of milliseconds of the event loop) starts once the API, signing and panel requests in
// flight here have answered, or after MAX_YIELD_MS however busy it stays. Counted on globalThis:
// route bundles and the embedded runner (instrumentation) are separate module graphs in one process.

/** Bounds the wait: under steady load a completion is late by this much, never starved. */
const MAX_YIELD_MS = 250;
const POLL_MS = 5;

const holder = globalThis as typeof globalThis & { __eonamInFlight?: number };

/** Counts a request from now until the returned function is called (once). */
export function interactiveRequestStarted(): () => void {
  holder.__eonamInFlight = (holder.__eonamInFlight ?? 0) + 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    holder.__eonamInFlight = Math.max(0, (holder.__eonamInFlight ?? 1) - 1);
  };
}

export function interactiveRequestsInFlight(): number {
  return holder.__eonamInFlight ?? 0;
}

/** Resolves once no request is in flight, or after MAX_YIELD_MS. */
export async function yieldToRequests(maxWaitMs = MAX_YIELD_MS): Promise<void> {
  const until = performance.now() + maxWaitMs;
  while (interactiveRequestsInFlight() > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, POLL_MS));
}
