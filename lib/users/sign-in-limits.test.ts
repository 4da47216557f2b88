// The panel's server-side sign-in limits: the limit per client address (counted like every rate
// limit, lib/limits/rate-limit.ts, whose windows its own test covers) and, on a real embedded
// database, the revocation of a signed-out session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("signin");

const { prepareDb } = await import("@/lib/db");
const { now, setClockOffset } = await import("@/lib/clock");
const { MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MS, recordFailedSignIn, signInBlockedUntil } = await import("@/lib/users/sign-in-throttle");
const { isPanelSessionRevoked, revokePanelSession } = await import("@/lib/users/revoke-panel-session");

beforeAll(async () => {
  await prepareDb();
});

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

describe("failed sign-ins per address", () => {
  it("blocks an address at the limit for the rest of its window, counting concurrent failures, and no other address", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const start = now();
    await Promise.all(Array.from({ length: MAX_FAILURES_PER_IP - 1 }, () => recordFailedSignIn(ip, start)));
    expect(await signInBlockedUntil(ip, start)).toBeNull();
    await recordFailedSignIn(ip, start);
    const until = await signInBlockedUntil(ip, start);
    expect(until!.getTime() - start.getTime()).toBeGreaterThan(THROTTLE_WINDOW_MS - 5_000);
    expect(until!.getTime() - start.getTime()).toBeLessThanOrEqual(THROTTLE_WINDOW_MS);
    expect(await signInBlockedUntil("203.0.113.9", start)).toBeNull();
  });
});

describe("signing out", () => {
  it("revokes the session id until the JWT's own expiry, then forgets it", async () => {
    const at = now();
    const exp = Math.floor(at.getTime() / 1000) + 3600;
    expect(await isPanelSessionRevoked("sid-a")).toBe(false);
    await revokePanelSession("sid-a", exp);
    await revokePanelSession("sid-a", exp); // signing out twice is harmless
    expect(await isPanelSessionRevoked("sid-a")).toBe(true);
    expect(await isPanelSessionRevoked("sid-b")).toBe(false);
    // Past the JWT's expiry the record is removed at the next sign-out: the JWT is refused anyway.
    setClockOffset(2 * 3600_000);
    await revokePanelSession("sid-b", undefined);
    expect(await isPanelSessionRevoked("sid-a")).toBe(false);
    expect(await isPanelSessionRevoked("sid-b")).toBe(true);
  });
});
