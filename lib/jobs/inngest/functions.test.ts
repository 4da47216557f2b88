// The Inngest functions under @inngest/test, driving the real lib/ code on a real (embedded) database
// against a real local receiver: the full attempt sequence of a failing endpoint, the completion
// pipeline of a signed consent, the expiry sweep, and the transparency log's checkpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/tests/test-database";

const testDb = useTestDatabase("inngest", { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1m,5m,15m,1h,6h,24h", TSA_DRIVER: "local" });

const { db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
const { deliverWebhook } = await import("@/lib/jobs/inngest/deliver-webhook");
const { completeConsent } = await import("@/lib/jobs/inngest/complete-consent");
const { backgroundSweep, expirySweep, logCheckpoint } = await import("@/lib/jobs/inngest/sweeps");
const { SAFETY_NET_GRACE_MS } = await import("@/lib/jobs/background-jobs");
const { JOB_EVENTS } = await import("@/lib/jobs/inngest/client");
const { createTemplate } = await import("@/lib/templates/create-template");
const { createConsent } = await import("@/lib/consents/create-consent");
const { prepareSeal } = await import("@/lib/sealing/get-seal");
const { setClockOffset } = await import("@/lib/clock");
const QRCode = (await import("qrcode")).default;

let receiver: http.Server;
let answers: number[] = [];
const seen: { delivery: string; timestamp: string }[] = [];
let tenantId: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push({ delivery: String(req.headers["x-service-delivery"]), timestamp: String(req.headers["x-service-timestamp"]) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  await prepareDb();
  // A sealed document leaves the run nothing to sleep for (an unsealed one would be sealed again later).
  await prepareSeal();
  const t = await createTenant({ code: "inngest-test", name: "Inngest Test" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await setWebhookEndpoint({ tenantId, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  await createTemplate(tenantId, { kod: "genel", baslik: "Genel onam", kategori: "genel", govde: "<p>{adsoyad} onay verir.</p>", yayimla: true }, "test");
});

afterAll(async () => {
  await testDb.cleanup();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function newDelivery(nextAttemptAt = new Date()): Promise<bigint> {
  const d = await db().webhookDelivery.create({
    data: { tenantId, event: "consent.rejected", createdAtIso: "2026-11-22T10:00:00+03:00", nextAttemptAt },
    select: { id: true },
  });
  return d.id;
}

// step.sleep is not skipped by @inngest/test: each wait is mocked by its id (fresh mocks per run:
// the engine keeps step state on them).
const sleeps = () => Array.from({ length: 6 }, (_, i) => ({ id: `wait-${i + 2}`, handler: () => undefined }));

function engine(deliveryId: bigint) {
  return new InngestTestEngine({
    function: deliverWebhook,
    events: [{ name: JOB_EVENTS.deliveryCreated, data: { deliveryId: String(deliveryId) } }],
    steps: sleeps(),
  });
}

describe("deliver-webhook (Inngest)", () => {
  it("makes seven attempts against an endpoint that always fails, sleeping the schedule between them, then closes it as failed", async () => {
    answers = Array<number>(7).fill(500);
    const id = await newDelivery();
    const { result, ctx } = await engine(id).execute();
    expect(result).toEqual({ deliveryId: String(id), status: "failed" });
    const sleepCalls = (ctx.step.sleep as unknown as { mock: { calls: [string, number][] } }).mock.calls;
    expect(sleepCalls).toEqual([
      ["wait-2", 60_000],
      ["wait-3", 300_000],
      ["wait-4", 900_000],
      ["wait-5", 3_600_000],
      ["wait-6", 21_600_000],
      ["wait-7", 86_400_000],
    ]);
    expect(seen.filter((s) => s.delivery === String(id))).toHaveLength(7);
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: true } });
    expect(row.status).toBe("failed");
    expect(row.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500, 500, 500]);
  });

  it("stops at the first success", async () => {
    answers = [500, 502];
    const id = await newDelivery();
    const { result } = await engine(id).execute();
    expect(result).toEqual({ deliveryId: String(id), status: "delivered" });
    expect(seen.filter((s) => s.delivery === String(id))).toHaveLength(3);
  });
});

const origin = { actor: "test", ip: "", userAgent: "" };
const newConsent = () => createConsent(tenantId, { sablon_kod: "genel", adsoyad: "Deniz Kaya", telefon: "05331112233", sms_gonder: false, gecerlilik_saat: 1 }, origin);

describe("complete-consent (Inngest)", () => {
  it("produces the document, timestamps it and announces consent.completed for a signed consent", async () => {
    const c = await newConsent();
    const png = await QRCode.toBuffer("imza", { width: 200 });
    await db().consent.update({ where: { id: c.id }, data: { status: "completed", signedAt: new Date(), signatureImage: new Uint8Array(png) } });
    const t = new InngestTestEngine({ function: completeConsent, events: [{ name: JOB_EVENTS.completion, data: { consentId: c.id } }] });
    const { result } = await t.execute();
    // One step did it all: document, timestamp, announcement; nothing is left to sleep for.
    expect(result).toEqual({ consentId: c.id, next: null });
    const row = await db().consent.findUniqueOrThrow({ where: { id: c.id }, select: { documentSha256: true, tsStatus: true, completionAnnouncedAt: true } });
    expect(row.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tsStatus).toBe("ok");
    expect(row.completionAnnouncedAt).not.toBeNull();
    expect(await db().webhookDelivery.count({ where: { consentId: c.id, event: "consent.completed" } })).toBe(1);
    // Its delivery's job event was dispatched after the step's commit.
    expect(await db().jobOutbox.count()).toBe(0);
  });
});

describe("expire-consents (Inngest)", () => {
  it("records the expiry of a consent past its validity and enqueues consent.expired", async () => {
    const c = await newConsent();
    setClockOffset(2 * 3_600_000);
    try {
      const t = new InngestTestEngine({ function: expirySweep });
      const { result } = await t.execute();
      expect(result).toBeGreaterThanOrEqual(1);
    } finally {
      setClockOffset(0);
    }
    expect((await db().consent.findUniqueOrThrow({ where: { id: c.id }, select: { status: true } })).status).toBe("expired");
    expect(await db().webhookDelivery.count({ where: { consentId: c.id, event: "consent.expired" } })).toBe(1);
  });
});

describe("background-sweep (Inngest)", () => {
  it("attempts only deliveries overdue past the grace, leaving due ones to their own function's schedule", async () => {
    answers = [200];
    const due = await newDelivery(new Date(Date.now() - 60_000));
    const lost = await newDelivery(new Date(Date.now() - SAFETY_NET_GRACE_MS - 60_000));
    const { result } = await new InngestTestEngine({ function: backgroundSweep }).execute();
    expect(result).toMatchObject({ "deliver-webhooks": 1 });
    // decisions §24: archive renewal runs under Inngest in this sweep (nothing due here).
    expect(result).toHaveProperty("renew-archive-timestamps");
    expect(seen.filter((s) => s.delivery === String(lost))).toHaveLength(1);
    expect(seen.filter((s) => s.delivery === String(due))).toHaveLength(0);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: due }, select: { status: true } })).status).toBe("pending");
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: lost }, select: { status: true } })).status).toBe("delivered");
  });
});

describe("log-checkpoint (Inngest)", () => {
  it("signs the checkpoint of the grown log and has it time-stamped (decisions §20)", async () => {
    await newConsent();
    setClockOffset(5 * 60_000);
    try {
      const { result } = await new InngestTestEngine({ function: logCheckpoint }).execute();
      expect(result).toBeGreaterThanOrEqual(1);
      const row = await db().logCheckpoint.findFirstOrThrow({ orderBy: { size: "desc" } });
      expect(Number(row.size)).toBe(result);
      expect(row.tsr).not.toBeNull();
    } finally {
      setClockOffset(0);
    }
  });
});
