// The runner's batch delivery on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL, where
// SKIP LOCKED is really exercised): batch claims never hand one delivery to two callers, a lease keeps
// a delivery from being claimed again until it lapses, and every due delivery gets exactly one signed
// attempt, recorded as the single-attempt path records it.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("batch", { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1m,5m" });

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
const { claimDueDeliveries, LOCK_MS } = await import("@/lib/webhooks/claim-due-deliveries");
const { deliverDueWebhooks } = await import("@/lib/webhooks/deliver-due-webhooks");
const { attemptDelivery } = await import("@/lib/webhooks/attempt-delivery");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { now } = await import("@/lib/clock");

interface Seen {
  delivery: string;
  timestamp: string;
  signature: string;
  raw: string;
}
let receiver: http.Server;
let answer = 200;
let seen: Seen[] = [];
let tenantId: string;
let secret: string;
let consentId: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        delivery: String(req.headers["x-service-delivery"]),
        timestamp: String(req.headers["x-service-timestamp"]),
        signature: String(req.headers["x-service-signature"]),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  await prepareDb();
  const t = await createTenant({ code: "batch-test", name: "Batch Test" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  const set = await setWebhookEndpoint({ tenantId, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  secret = set.signing_secret!;
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
  const origin = { actor: "test", ip: "", userAgent: "" };
  consentId = (await createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false }, origin)).id;
});

afterAll(async () => {
  await testDb.cleanup();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await db().webhookDelivery.deleteMany({});
  seen = [];
  answer = 200;
});

/**
 * `n` due deliveries: the first of the consent, the others of none (a consent's deliveries go out one
 * after the other, in order: these tests are about many going out side by side).
 */
async function due(n: number, nextAttemptAt: Date | null = new Date(now().getTime() - 1000)): Promise<bigint[]> {
  const created = await db().webhookDelivery.createManyAndReturn({
    data: Array.from({ length: n }, (_, i) => ({ tenantId, consentId: i === 0 ? consentId : null, event: "consent.cancelled", createdAtIso: "2026-11-22T14:03:09+03:00", nextAttemptAt })),
    select: { id: true },
  });
  return created.map((d) => d.id);
}

describe("claimDueDeliveries", () => {
  it("never hands one delivery to two concurrent callers", async () => {
    const ids = await due(300);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueDeliveries(80, now())));
    const got = claims.flat().map((d) => d.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual([...ids].sort());
  });

  it("leaves a leased delivery alone until the lease lapses, and skips what is not due", async () => {
    const [id] = await due(1);
    await due(1, new Date(now().getTime() + 60_000));
    await due(1, null); // a panel test event: never the runner's
    const at = now();
    expect((await claimDueDeliveries(10, at)).map((d) => d.id)).toEqual([id]);
    expect(await claimDueDeliveries(10, new Date(at.getTime() + LOCK_MS - 1000))).toEqual([]);
    const again = await claimDueDeliveries(10, new Date(at.getTime() + LOCK_MS + 1000));
    expect(again.map((d) => d.id)).toEqual([id]);
    expect(again[0]).toMatchObject({ tenantId, consentId, status: "pending", attempts: 0, scheduledAttempts: 0 });
  });
});

describe("a consent's deliveries go out in the order of its events (issue #46)", () => {
  it("holds a delivery while an earlier one of its consent is pending, and sends it after", async () => {
    const [completed, withdrawn] = (
      await db().webhookDelivery.createManyAndReturn({
        data: ["consent.completed", "consent.withdrawn"].map((event) => ({ tenantId, consentId, event, createdAtIso: "2026-11-22T14:03:09+03:00", nextAttemptAt: new Date(now().getTime() - 1000) })),
        select: { id: true },
      })
    ).map((d) => d.id);
    // The earlier one fails: the later waits for it even though it is due, in the batch claim and the single one.
    answer = 500;
    expect((await claimDueDeliveries(10, now())).map((d) => d.id)).toEqual([completed]);
    await db().webhookDelivery.update({ where: { id: completed! }, data: { lockedUntil: null } });
    expect(await deliverDueWebhooks()).toBe(1);
    expect(seen.map((s) => s.delivery)).toEqual([String(completed)]);
    expect(await deliverDueWebhooks()).toBe(0);
    expect(await attemptDelivery(withdrawn!, { by: "inngest" })).toBeNull();
    // Its retry delivered, the later one goes.
    answer = 200;
    await db().webhookDelivery.update({ where: { id: completed! }, data: { nextAttemptAt: new Date(now().getTime() - 1000) } });
    expect(await deliverDueWebhooks()).toBe(1);
    expect(await deliverDueWebhooks()).toBe(1);
    expect(seen.map((s) => JSON.parse(s.raw).event as string)).toEqual(["consent.completed", "consent.completed", "consent.withdrawn"]);
  });
});

describe("deliverDueWebhooks", () => {
  it("sends each due delivery once, signed, with the consent as data, and records it as delivered", async () => {
    const ids = await due(150);
    expect(await deliverDueWebhooks()).toBe(150);
    expect(seen.map((s) => s.delivery).sort()).toEqual(ids.map(String).sort());
    for (const s of seen) {
      const expected = `sha256=${createHmac("sha256", secret).update(`${s.timestamp}.${s.raw}`).digest("hex")}`;
      expect(s.signature).toBe(expected);
      const body = JSON.parse(s.raw) as { delivery_id: number; event: string; data: { id?: string; test?: boolean } };
      expect(body).toMatchObject({ delivery_id: Number(s.delivery), event: "consent.cancelled", created_at: "2026-11-22T14:03:09+03:00" });
      if (s.delivery === String(ids[0])) expect(body.data.id).toBe(consentId);
      else expect(body.data.test).toBe(true);
    }
    const rows = await db().webhookDelivery.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
    for (const r of rows) {
      expect(r).toMatchObject({ status: "delivered", attemptCount: 1, lockedUntil: null, nextAttemptAt: null });
      expect(r.deliveredAt).not.toBeNull();
      expect(r.attempts).toHaveLength(1);
      expect(r.attempts[0]).toMatchObject({ attemptNo: 1, statusCode: 200, error: null, trigger: "schedule" });
    }
    expect(await deliverDueWebhooks()).toBe(0);
  });

  it("gives a failed attempt its next time on the schedule, and runs side by side without sending anything twice", async () => {
    answer = 500;
    const ids = await due(120);
    const before = now().getTime();
    const counts = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(120);
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((s) => s.delivery)).size).toBe(120);
    const rows = await db().webhookDelivery.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
    for (const r of rows) {
      expect(r).toMatchObject({ status: "pending", attemptCount: 1, lockedUntil: null, deliveredAt: null });
      // the schedule's second wait (1m) counted from the attempt
      const wait = r.nextAttemptAt!.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(60_000);
      expect(wait).toBeLessThan(70_000);
      expect(r.attempts[0]).toMatchObject({ attemptNo: 1, statusCode: 500, error: "HTTP 500", trigger: "schedule" });
    }
  });

  it("records a failure without an HTTP answer for a tenant with no endpoint, in the same batch as others", async () => {
    const other = await createTenant({ code: `batch-${randomBytes(3).toString("hex")}`, name: "Uç Noktasız" });
    const otherId = (await db().tenant.findUniqueOrThrow({ where: { code: other.code }, select: { id: true } })).id;
    const lone = await db().webhookDelivery.create({
      data: { tenantId: otherId, event: "consent.cancelled", createdAtIso: "2026-11-22T14:03:09+03:00", nextAttemptAt: new Date(now().getTime() - 1000) },
      select: { id: true },
    });
    const ids = await due(3);
    expect(await deliverDueWebhooks()).toBe(4);
    expect(seen.map((s) => s.delivery).sort()).toEqual(ids.map(String).sort());
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: lone.id }, include: { attempts: true } });
    expect(row).toMatchObject({ status: "pending", attemptCount: 1, lockedUntil: null });
    expect(row.attempts[0]).toMatchObject({ statusCode: null, error: "no webhook endpoint is set", responseSnippet: null, trigger: "schedule" });
  });

  it("stops at its limit, leaving the rest due for the next run", async () => {
    await due(70);
    expect(await deliverDueWebhooks(50)).toBe(50);
    expect(await deliverDueWebhooks(50)).toBe(20);
    expect(seen).toHaveLength(70);
  });
});
