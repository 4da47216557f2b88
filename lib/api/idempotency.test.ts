// Idempotent responses are forgotten once their 24 hours are over, on a real embedded database: the
// replay window itself is unchanged, and the background job list runs the cleanup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("idem");

const { db, prepareDb } = await import("@/lib/db");
const { setClockOffset } = await import("@/lib/clock");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { createApiKey } = await import("@/lib/api-keys/create-api-key");
const { claimIdempotencyKey, completeIdempotencyKey } = await import("@/lib/api/idempotency");
const { forgetExpiredIdempotencyKeys } = await import("@/lib/idempotency/forget-expired-idempotency-keys");
const { BACKGROUND_JOBS } = await import("@/lib/jobs/background-jobs");

const HOUR = 3_600_000;
let apiKeyId: string;

beforeAll(async () => {
  await prepareDb();
  await createTenant({ code: "idem-test", name: "Idempotency Test" });
  const tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: "idem-test" }, select: { id: true } })).id;
  apiKeyId = (await createApiKey({ tenantId, name: "test", scopes: ["onam:yaz"] })).id;
});

afterAll(async () => {
  setClockOffset(0);
  await testDb.cleanup();
});

async function stored(key: string, at: number): Promise<void> {
  setClockOffset(at);
  const claim = await claimIdempotencyKey(apiKeyId, key, "fingerprint");
  if (claim.kind !== "claimed") throw new Error(`${key} was not claimed`);
  await completeIdempotencyKey(claim.recordId, { status: 201, body: '{"patient":{"name":"Ayşe Yılmaz"}}' });
}

const keys = async () => (await db().idempotencyRecord.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((r) => r.key);

describe("forgetting expired idempotent responses", () => {
  it("removes the responses older than 24 hours and keeps the rest replayable", async () => {
    await stored("old", 0);
    await stored("recent", 20 * HOUR);
    setClockOffset(25 * HOUR);
    expect(await forgetExpiredIdempotencyKeys()).toBe(1);
    expect(await keys()).toEqual(["recent"]);
    // Nothing more is due: a second run removes nothing.
    expect(await forgetExpiredIdempotencyKeys()).toBe(0);
    const replay = await claimIdempotencyKey(apiKeyId, "recent", "fingerprint");
    expect(replay).toEqual({ kind: "replay", response: { status: 201, body: '{"patient":{"name":"Ayşe Yılmaz"}}' } });
    setClockOffset(45 * HOUR);
    expect(await forgetExpiredIdempotencyKeys()).toBe(1);
    expect(await keys()).toEqual([]);
  });

  it("is one of the background jobs", async () => {
    await stored("by-the-runner", 50 * HOUR);
    setClockOffset(75 * HOUR);
    const job = BACKGROUND_JOBS.find((j) => j.name === "forget-idempotency-keys");
    expect(await job?.run()).toBe(1);
    expect(await keys()).toEqual([]);
  });
});
