// A request's job events go out after its work and only once the other requests in flight here have
// answered (at most 250 ms later): a burst of signatures is answered before its bookkeeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("dispatch");

const { prepareDb, transaction } = await import("@/lib/db");
const { queueCompletion } = await import("@/lib/consents/completion-event");
const { dispatchingJobs } = await import("@/lib/jobs/dispatching-jobs");
const { registerEmbeddedWake } = await import("@/lib/jobs/embedded-wake");
const { interactiveRequestStarted } = await import("@/lib/jobs/interactive-requests");

const woken: { job: string; data: readonly Record<string, string>[] }[] = [];

beforeAll(async () => {
  await prepareDb();
  registerEmbeddedWake((job, data) => woken.push({ job, data }));
});

afterAll(async () => {
  registerEmbeddedWake(undefined);
  await testDb.cleanup();
});

describe("dispatchingJobs", () => {
  it("sends what the work queued once the other requests in flight have answered", async () => {
    const other = interactiveRequestStarted();
    let answered = false;
    const running = dispatchingJobs(async () => {
      await transaction((tx) => queueCompletion(tx, "ons_dispatch_1", new Date()));
      answered = true;
      return "answer";
    });
    // The work is done (its answer would have gone: a transaction, which a loaded CI host can hold for
    // over 100 ms), and the wake waits for the other request.
    for (const until = Date.now() + 10_000; !answered && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(true);
    expect(woken).toEqual([]);
    other();
    expect(await running).toBe("answer");
    expect(woken).toEqual([{ job: "advance-completions", data: [{ consentId: "ons_dispatch_1" }] }]);
  });

  it("does not wait past its bound for a request that never answers", async () => {
    woken.length = 0;
    const stuck = interactiveRequestStarted();
    const t = performance.now();
    await dispatchingJobs(() => transaction((tx) => queueCompletion(tx, "ons_dispatch_2", new Date())));
    stuck();
    expect(performance.now() - t).toBeGreaterThanOrEqual(240);
    expect(woken.map((w) => w.data)).toEqual([[{ consentId: "ons_dispatch_2" }]]);
  });
});
