// The Inngest delivery function under @inngest/test, driving the real lib/ code on a real (embedded)
// database against a real local receiver: the full attempt sequence of a failing endpoint.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-inngest-"));
// The test sets the settings that lib/env.ts then reads once, before importing lib/.
// eslint-disable-next-line no-restricted-syntax
Object.assign(process.env, {
  DATA_DIR: dataDir,
  WEBHOOK_ALLOW_PRIVATE: "1",
  WEBHOOK_RETRY_SCHEDULE: "0,1m,5m,15m,1h,6h,24h",
  LOG_LEVEL: "silent",
});
// eslint-disable-next-line no-restricted-syntax
delete process.env.DATABASE_URL;
// eslint-disable-next-line no-restricted-syntax
delete process.env.PGLITE_DIR;

const { closeDb, db, prepareDb } = await import("@/lib/db");
const { createTenant } = await import("@/lib/tenants/create-tenant");
const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
const { deliverWebhook } = await import("@/lib/jobs/inngest/deliver-webhook");
const { JOB_EVENTS } = await import("@/lib/jobs/inngest/client");

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
  const t = await createTenant({ code: "inngest-test", name: "Inngest Test" });
  tenantId = (await db().tenant.findUniqueOrThrow({ where: { code: t.code }, select: { id: true } })).id;
  await setWebhookEndpoint({ tenantId, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
}, 60_000);

afterAll(async () => {
  await closeDb();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newDelivery(): Promise<bigint> {
  const d = await db().webhookDelivery.create({
    data: { tenantId, event: "consent.rejected", createdAtIso: "2026-11-22T10:00:00+03:00", nextAttemptAt: new Date() },
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
