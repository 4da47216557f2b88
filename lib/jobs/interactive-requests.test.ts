// Background work yields to requests in flight, but only for a bounded time.
import { describe, expect, it } from "vitest";
import { interactiveRequestsInFlight, interactiveRequestStarted, yieldToRequests } from "@/lib/jobs/interactive-requests";

describe("yieldToRequests", () => {
  it("goes at once when nothing is in flight", async () => {
    expect(interactiveRequestsInFlight()).toBe(0);
    const t = performance.now();
    await yieldToRequests(1_000);
    expect(performance.now() - t).toBeLessThan(200);
  });

  it("waits for the requests in flight to answer", async () => {
    const a = interactiveRequestStarted();
    const b = interactiveRequestStarted();
    let done = false;
    const waiting = yieldToRequests(5_000).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 30));
    a();
    a(); // ending twice counts once
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false);
    expect(interactiveRequestsInFlight()).toBe(1);
    b();
    await waiting;
    expect(interactiveRequestsInFlight()).toBe(0);
  });

  it("stops waiting after its bound however busy it stays", async () => {
    const end = interactiveRequestStarted();
    const t = performance.now();
    await yieldToRequests(100);
    const waited = performance.now() - t;
    end();
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(waited).toBeLessThan(1_000);
  });
});
