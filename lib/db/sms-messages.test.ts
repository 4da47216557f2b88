// The SMS outbox's recovery (lib/consents/send-pending-sms.ts) on a real database: which messages the
// runner takes, and the sends that died with their process made pending again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("sms");

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { duePendingSms } = await import("@/lib/db/sms-messages");

const MINUTE = 60_000;
const at = new Date("2026-11-29T12:00:00.000Z");
const ago = (ms: number) => new Date(at.getTime() - ms);
let tenantId: string;

beforeAll(async () => {
  await prepareDb();
  await createTenant({ code: "sms-test", name: "SMS Test" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: "sms-test" }, select: { id: true } })).id;
  const rows: [string, string, string, Date][] = [
    ["stale-send", "link", "sending", ago(6 * MINUTE)],
    ["recent-send", "link", "sending", ago(1 * MINUTE)],
    ["old-pending", "reminder", "pending", ago(10 * MINUTE)],
    ["pending", "link", "pending", ago(1 * MINUTE)],
    ["fresh-pending", "link", "pending", ago(10_000)],
    ["otp", "otp", "pending", ago(10 * MINUTE)],
    ["stale-otp", "otp", "sending", ago(10 * MINUTE)],
    ["sent", "link", "sent", ago(10 * MINUTE)],
  ];
  await db().smsMessage.createMany({ data: rows.map(([id, kind, status, createdAt]) => ({ id, tenantId, kind, status, createdAt, toMasked: "0533***2233" })) });
});

afterAll(() => testDb.cleanup());

const statusOf = async (id: string) => (await db().smsMessage.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

describe("the SMS outbox's due messages", () => {
  it("takes pending link and reminder messages past the grace, oldest first, with the stale sends made pending again", async () => {
    const staleBefore = ago(5 * MINUTE);
    const graceBefore = ago(30_000);
    expect(await duePendingSms(staleBefore, graceBefore, 2)).toEqual(["old-pending", "stale-send"]);
    expect(await statusOf("stale-send")).toBe("pending");
    // A send started a minute ago may still be under way; an OTP is never the outbox's; a sent one is done.
    expect(await statusOf("recent-send")).toBe("sending");
    expect(await statusOf("stale-otp")).toBe("sending");
    // The limit cut the list, not the requeue: the next run finds the rest.
    expect(await duePendingSms(staleBefore, graceBefore, 10)).toEqual(["old-pending", "stale-send", "pending"]);
  });
});
