// Issue #49: /api/ready is public and unlimited, and its storage check writes an object; a burst of
// probes must cost one check per cache period, not one per request.
import { describe, expect, it } from "vitest";
import { cachedReadiness, READY_CACHE_MS, type ReadinessChecks } from "@/lib/health/check-readiness";

function counting(fail: Partial<Record<keyof ReadinessChecks, boolean>> = {}) {
  const calls = { database: 0, migrations: 0, storage: 0 };
  const step = (name: keyof ReadinessChecks) => async () => {
    calls[name]++;
    await new Promise((r) => setTimeout(r, 5));
    if (fail[name]) throw new Error(`${name} down`);
  };
  const checks: ReadinessChecks = { database: step("database"), migrations: step("migrations"), storage: step("storage") };
  return { calls, checks };
}

describe("readiness", () => {
  it("answers a burst of 50 calls with one check, storage probed once", async () => {
    const { calls, checks } = counting();
    let now = 1_000_000;
    const ready = cachedReadiness(checks, READY_CACHE_MS, () => now);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(calls).toEqual({ database: 1, migrations: 1, storage: 1 });
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ ready: true, checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } } })]));
    // Still within the period, after the check finished: the same answer, no new check.
    now += READY_CACHE_MS - 1;
    await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(calls.storage).toBe(1);
    // The next period checks again, once.
    now += 1;
    await Promise.all(Array.from({ length: 50 }, () => ready()));
    expect(calls).toEqual({ database: 2, migrations: 2, storage: 2 });
  });

  it("keeps a failing answer only for the period too", async () => {
    const fail = { storage: true };
    const { calls, checks } = counting(fail);
    let now = 0;
    const ready = cachedReadiness(checks, READY_CACHE_MS, () => now);
    expect(await ready()).toMatchObject({ ready: false, checks: { storage: { ok: false, error: "storage not writable" } } });
    fail.storage = false;
    expect((await ready()).ready).toBe(false);
    now += READY_CACHE_MS;
    expect((await ready()).ready).toBe(true);
    expect(calls.storage).toBe(2);
  });
});
