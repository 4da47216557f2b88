import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeRateLimits, hit } from "@/lib/limits/rate-limit";
import { recordFailedSignIn, signInBlockedUntil } from "@/lib/users/sign-in-throttle";
import { resetEnvForTests } from "@/lib/env";

async function redisUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(6379, "127.0.0.1", () => (s.end(), resolve(true)));
    s.on("error", () => resolve(false));
  });
}

function useSettings(extra: Record<string, string | undefined>) {
  const settings = { APP_SECRET: "x".repeat(32), APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"), ...extra };
  for (const [k, v] of Object.entries(settings)) vi.stubEnv(k, v);
  resetEnvForTests();
}

afterEach(async () => {
  await closeRateLimits();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("rate limit", () => {
  it("allows the limit per window, then refuses until the window ends (process memory)", async () => {
    useSettings({ REDIS_URL: undefined });
    const bucket = `mem-${Math.random()}`;
    for (let i = 1; i <= 3; i++) expect(await hit(bucket, 3, 1)).toMatchObject({ allowed: true, remaining: 3 - i });
    expect(await hit(bucket, 3, 1)).toMatchObject({ allowed: false, remaining: 0, reset: 1 });
    expect(await hit(`${bucket}-other`, 3, 1)).toMatchObject({ allowed: true });
    await new Promise((r) => setTimeout(r, 1_050));
    expect(await hit(bucket, 3, 1)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts in Redis, so a second process's count continues the first's", async () => {
    // .ci/run starts Redis when it is down; this test needs it (127.0.0.1:6379).
    expect(await redisUp(), "Redis must run on 127.0.0.1:6379").toBe(true);
    useSettings({ REDIS_URL: "redis://127.0.0.1:6379" });
    const bucket = `redis-${Math.random()}`;
    for (let i = 1; i <= 2; i++) expect(await hit(bucket, 3, 60)).toMatchObject({ allowed: true });
    // A fresh client and fresh limiters, as another instance would have.
    await closeRateLimits();
    expect(await hit(bucket, 3, 60)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await hit(bucket, 3, 60)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("falls back to process memory when Redis does not answer, never failing the request", async () => {
    useSettings({ REDIS_URL: "redis://127.0.0.1:1" });
    const bucket = `down-${Math.random()}`;
    expect(await hit(bucket, 2, 60)).toMatchObject({ allowed: true });
    expect(await hit(bucket, 2, 60)).toMatchObject({ allowed: true });
    expect(await hit(bucket, 2, 60)).toMatchObject({ allowed: false });
  });

  it("refuses (503, retry_after) a limit that must fail closed, and the panel's sign-in, while Redis does not answer", async () => {
    useSettings({ REDIS_URL: "redis://127.0.0.1:1", LOG_LEVEL: "silent" });
    const unavailable = { code: "service_unavailable", extra: { retry_after: expect.any(Number), reason: "limits_unavailable" } };
    await expect(hit(`otp-${Math.random()}`, 3, 60, { failClosed: true })).rejects.toMatchObject(unavailable);
    await expect(signInBlockedUntil("198.51.100.7", new Date())).rejects.toMatchObject(unavailable);
    await expect(recordFailedSignIn("198.51.100.7", new Date())).rejects.toMatchObject(unavailable);
    // Without REDIS_URL there is nothing to fail: the count is per process by design.
    await closeRateLimits();
    useSettings({ REDIS_URL: undefined });
    expect(await hit(`otp-${Math.random()}`, 3, 60, { failClosed: true })).toMatchObject({ allowed: true });
  });
});
