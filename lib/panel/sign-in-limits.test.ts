// The panel's server-side sign-in limits on a real embedded database: the limit per client address
// (its window, its digest, concurrent failures) and the revocation of a signed-out session.
/* eslint-disable no-restricted-syntax -- this test configures the process it runs lib/ code in */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-signin-"));
Object.assign(process.env, { DATA_DIR: dataDir, TEST_CLOCK: "1", LOG_LEVEL: "silent" });
delete process.env.DATABASE_URL;
delete process.env.PGLITE_DIR;

const { closeDb, db, prepareDb } = await import("@/lib/db");
const { now, setClockOffset } = await import("@/lib/clock");
const { MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MS, recordFailedSignIn, signInBlockedUntil } = await import("@/lib/panel/sign-in-throttle");
const { isPanelSessionRevoked, revokePanelSession } = await import("@/lib/panel/revoke-panel-session");

beforeAll(async () => {
  await prepareDb();
}, 60_000);

afterAll(async () => {
  setClockOffset(0);
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("failed sign-ins per address", () => {
  it("blocks an address at the limit until its window ends, counting concurrent failures, and no other address", async () => {
    const start = now();
    await Promise.all(Array.from({ length: MAX_FAILURES_PER_IP - 1 }, () => recordFailedSignIn("198.51.100.7", start)));
    expect(await signInBlockedUntil("198.51.100.7", start)).toBeNull();
    await recordFailedSignIn("198.51.100.7", start);
    const until = await signInBlockedUntil("198.51.100.7", start);
    expect(until?.getTime()).toBe(start.getTime() + THROTTLE_WINDOW_MS);
    expect(await signInBlockedUntil("198.51.100.8", start)).toBeNull();

    // The address itself is not stored, only a keyed digest of it.
    const rows = await db().signInThrottle.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ipDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.failures).toBe(MAX_FAILURES_PER_IP);

    const later = new Date(start.getTime() + THROTTLE_WINDOW_MS);
    expect(await signInBlockedUntil("198.51.100.7", new Date(later.getTime() - 1))).not.toBeNull();
    expect(await signInBlockedUntil("198.51.100.7", later)).toBeNull();
    // A failure after the window starts a new one at 1.
    await recordFailedSignIn("198.51.100.7", later);
    expect((await db().signInThrottle.findMany()).map((r) => r.failures)).toEqual([1]);
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
