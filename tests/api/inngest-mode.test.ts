// BACKGROUND_JOBS=inngest under `next start`, driven the way an Inngest server drives it (the SDK's
// HTTP protocol, tests/api/inngest-executor.ts): the sync registers every function; the service sends
// its events after commit; webhook delivery attempts come only from executor requests, on the retry
// schedule's sleeps, with no in-process runner behind them; a signed consent is completed once by the
// one pipeline — its signing request, then its completion run between sleeps. The embedded server answers 404 at /api/inngest.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, call, eventually, keys, run, setServerClock } from "./client";
import type { Consent } from "./consent-helpers";
import { FakeInngest, signatureHeader, type InngestEvent } from "./inngest-executor";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { ownDatabase, ROOT, startSeededServer, startServer, type RunningServer } from "./server";
import { startReceiver, type ReceivedWebhook } from "./webhook-receiver";

const dataDir = path.join(run.dataDir, `inngest-${randomBytes(3).toString("hex")}`);
const own = ownDatabase(dataDir, "inn");
const logFile = path.join(dataDir, "server.log");
let inngest: FakeInngest;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let respond: (r: ReceivedWebhook, before: number) => number = () => 200;
let tsa: http.Server;
let tsaUp = true;
let server: RunningServer | undefined;
let key: { id: string; secret: string };

const api = <T,>(method: string, p: string, body?: unknown) => call<T>(method, p, { key, body, baseUrl: server!.url });
const forConsent = (id: string) => receiver.received.filter((r) => (r.body.data as { id?: string }).id === id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than an in-process runner would take to pick up due work (RUNNER_INTERVAL=1s, webhooks every second). */
const RUNNER_WOULD_HAVE_RUN = 3500;

beforeAll(async () => {
  inngest = await FakeInngest.start();
  receiver = await startReceiver((r, before) => respond(r, before));
  // An RFC 3161 server that can be switched off, forwarding to the shared server's built-in /tsa.
  tsa = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (!tsaUp) return void res.writeHead(503).end();
      fetch(`${run.url}/tsa`, { method: "POST", headers: { "Content-Type": req.headers["content-type"] ?? "", Authorization: basic(keys.all) }, body: Buffer.concat(chunks) })
        .then(async (r) => res.writeHead(r.status, { "Content-Type": r.headers.get("content-type") ?? "" }).end(Buffer.from(await r.arrayBuffer())))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => tsa.listen(0, "127.0.0.1", resolve));
  const caFile = path.join(dataDir, "tsa-roots.pem");
  fs.writeFileSync(caFile, await (await fetch(`${run.url}/tsa/certificate.pem`)).text());
  const env: Record<string, string> = {
    ...run.env,
    ...own.env,
    ...inngest.env,
    BACKGROUND_JOBS: "inngest",
    RUNNER_INTERVAL: "1s",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_SCHEDULE: "0,1m,5m,15m,1h,6h,24h",
    TSA_DRIVER: "rfc3161",
    TSA_URL: `http://127.0.0.1:${(tsa.address() as AddressInfo).port}/tsa`,
    TSA_CA_FILE: caFile,
    TSA_RETRY_SCHEDULE: "0,1m,5m",
  };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
  // The endpoint is set with the admin CLI, which needs the embedded database to itself.
  await server.stop();
  const set = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "lib/admin/cli.ts", "webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.completed,consent.cancelled", "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  expect(set.status, set.stderr).toBe(0);
  server = await startServer(env, logFile);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receiver.close();
  await inngest.close();
  await new Promise<void>((resolve) => tsa.close(() => resolve()));
  await own.drop();
}, 60_000);

async function newConsent(): Promise<Consent> {
  const res = await api<Consent>("POST", "/v1/consents", {
    sablon_kod: "genel-tibbi-mudahale",
    adsoyad: "Deniz Kaya",
    telefon: "0533 111 22 33",
    sms_gonder: false,
    degiskenler: { girisim_tarihi: "2026-12-01" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function sign(c: Consent): Promise<void> {
  const token = tokenOf(c);
  const cookie = await verifiedSession(token, c.id, { url: server!.url, dataDir });
  // Under Inngest the document comes from the complete-consent run the test drives: no waiting for it here.
  expect((await signer(token, "sign", { read: true, understood: true, signature: await signaturePng() }, cookie, server!.url, { waitForDocument: false })).status).toBe(200);
}

/** The delivery-created event the service sent for a consent's webhook, once it is there. */
async function deliveryEvent(before: number): Promise<InngestEvent> {
  return eventually(async () => inngest.named("eonam/webhook.delivery.created")[before]);
}

describe("BACKGROUND_JOBS=inngest", { timeout: 180_000 }, () => {
  it("registers every function on sync, with its trigger and the URL Inngest calls", async () => {
    const res = await inngest.sync(`${server!.url}/api/inngest`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(inngest.refused).toEqual([]);
    expect(inngest.appUrl).toBe(`${server!.url}/api/inngest`);
    const byId = Object.fromEntries(inngest.functions.map((f) => [f.id, f.triggers]));
    expect(byId).toEqual({
      "e-onam-deliver-webhook": [{ event: "eonam/webhook.delivery.created" }],
      "e-onam-complete-consent": [{ event: "eonam/consent.completion" }],
      "e-onam-expire-consents": [{ cron: "* * * * *" }],
      "e-onam-log-checkpoint": [{ cron: "* * * * *" }],
      "e-onam-background-sweep": [{ cron: "*/5 * * * *" }],
      "e-onam-mark-reconsents": [{ event: "eonam/reconsent.marking" }],
    });
    for (const f of inngest.functions) expect(f.steps.step!.runtime.url).toBe(`${server!.url}/api/inngest?fnId=${f.id}&stepId=step`);
  });

  it("refuses an executor request that is unsigned or signed with another key, without running anything", async () => {
    const body = JSON.stringify({ event: { name: "eonam/webhook.delivery.created", data: { deliveryId: "1" } }, events: [], steps: {}, ctx: { run_id: "r1", attempt: 0, stack: { stack: [], current: 0 } } });
    const url = `${server!.url}/api/inngest?fnId=e-onam-deliver-webhook&stepId=step`;
    const unsigned = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-Inngest-Signature": signatureHeader(`signkey-test-${"ab".repeat(32)}`, body) }, body });
    expect(forged.status).toBe(401);
    expect(await forged.text()).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  // A v4 SDK called by a current executor checkpoints (several steps per request); the plain protocol
  // is its fallback. Both must keep the schedule.
  for (const checkpointing of [false, true]) {
    const how = checkpointing ? "checkpointing, as a current executor calls" : "one step per request";

    it(`attempts a webhook only when the executor calls, sleeping the retry schedule between attempts (${how})`, async () => {
      respond = (_r, before) => (before < 2 ? 500 : 200);
      const before = inngest.named("eonam/webhook.delivery.created").length;
      const c = await newConsent();
      expect((await api("POST", `/v1/consents/${c.id}/cancel`, {})).status).toBe(200);
      const event = await deliveryEvent(before);
      expect(event.id).toBe(`delivery-${String(event.data.deliveryId)}`);

      // Nothing is attempted until the executor calls: no in-process runner in this mode.
      await sleep(RUNNER_WOULD_HAVE_RUN);
      expect(forConsent(c.id)).toHaveLength(0);

      const wh = inngest.run("e-onam-deliver-webhook", event, { checkpointing });
      expect(await wh.untilSleepOrEnd()).toEqual({ ran: ["attempt-1"], sleep: { step: "wait-2", duration: "1m" } });
      expect(wh.output("attempt-1")).toBe("pending");
      expect(forConsent(c.id)).toHaveLength(1);

      // The second attempt is due by the database (the clock is past it), but Inngest has not woken
      // the run: nobody attempts it.
      await setServerClock(2 * 60_000, server!.url);
      try {
        await sleep(RUNNER_WOULD_HAVE_RUN);
        expect(forConsent(c.id)).toHaveLength(1);

        expect(await wh.untilSleepOrEnd()).toEqual({ ran: ["attempt-2"], sleep: { step: "wait-3", duration: "5m" } });
        expect(forConsent(c.id)).toHaveLength(2);
        await setServerClock(8 * 60_000, server!.url);
        await sleep(RUNNER_WOULD_HAVE_RUN);
        expect(forConsent(c.id)).toHaveLength(2);

        expect(await wh.untilSleepOrEnd()).toEqual({ ran: ["attempt-3"], result: { deliveryId: String(event.data.deliveryId), status: "delivered" } });
      } finally {
        await setServerClock(0, server!.url);
      }
      // Checkpointing or not, as asked: the same steps, reported through the API or in the replies.
      expect(wh.checkpoints > 0).toBe(checkpointing);
      expect(wh.ops.at(-1)?.op).toBe(checkpointing ? "RunComplete" : "StepRun");
      const attempts = forConsent(c.id);
      expect(attempts.map((r) => r.body.event)).toEqual(["consent.cancelled", "consent.cancelled", "consent.cancelled"]);
      expect(new Set(attempts.map((r) => r.body.delivery_id))).toEqual(new Set([Number(event.data.deliveryId)]));
      // Each executor request ran exactly one step: three POSTs for three attempts, nothing more since.
      await sleep(1500);
      expect(forConsent(c.id)).toHaveLength(3);
    });

    it(`completes a signed consent with one document, one timestamp cycle and one consent.completed (${how})`, async () => {
      respond = () => 200;
      tsaUp = false;
      const c = await newConsent();
      await sign(c);
      const queued = await eventually(async () => inngest.named("eonam/consent.completion").find((e) => e.data.consentId === c.id));
      expect(queued.id).toBe(`completion-${c.id}`);
      // The signing request only queued it (issue #46): no document until the run.
      type Timestamped = Consent & { document: { sha256: string } | null; timestamp: { status: string } };
      const events = async () => (await api<{ data: { event: string }[] }>("GET", `/v1/consents/${c.id}/events`)).body.data.map((e) => e.event);
      const count = async (name: string) => (await events()).filter((e) => e === name).length;
      expect((await api<Timestamped>("GET", `/v1/consents/${c.id}`)).body.document).toBeNull();

      // The run makes the document and tries the TSA once (down), then sleeps until the next attempt (TSA_RETRY_SCHEDULE 1m).
      const run1 = inngest.run("e-onam-complete-consent", queued, { checkpointing });
      const asleep = await run1.untilSleepOrEnd();
      expect(asleep).toEqual({ ran: ["advance-1"], sleep: { step: "wait-2", duration: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) } });
      expect(run1.output("advance-1")).toEqual({ ran: ["document", "timestamp"], next: { step: "timestamp", at: (asleep as { sleep: { duration: string } }).sleep.duration } });
      expect(await count("zaman_damgasi_basarisiz")).toBe(1);
      const first = (await api<Timestamped>("GET", `/v1/consents/${c.id}`)).body;
      expect(first.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(first.timestamp.status).toBe("queued");

      const deliveriesBefore = inngest.named("eonam/webhook.delivery.created").length;
      tsaUp = true;
      await setServerClock(3 * 60_000, server!.url);
      try {
        // Due by the database and the TSA is back, but only the woken run takes the timestamp.
        await sleep(RUNNER_WOULD_HAVE_RUN);
        expect((await api<Timestamped>("GET", `/v1/consents/${c.id}`)).body.timestamp.status).toBe("queued");
        expect(await run1.untilSleepOrEnd()).toEqual({ ran: ["advance-2"], result: { consentId: c.id, next: null } });
        expect(run1.output("advance-2")).toEqual({ ran: ["timestamp", "announce"], next: null });
      } finally {
        await setServerClock(0, server!.url);
      }
      expect((await api<Timestamped>("GET", `/v1/consents/${c.id}`)).body.timestamp.status).toBe("ok");
      expect(run1.checkpoints > 0).toBe(checkpointing);
      // One document, one cycle (one failure, one token), whoever ran which step.
      expect(await count("belge_olusturuldu")).toBe(1);
      expect(await count("zaman_damgasi_basarisiz")).toBe(1);
      expect(await count("zaman_damgasi_alindi")).toBe(1);

      // consent.completed was queued once and its job event sent after the step's commit; its delivery run sends it.
      const event = await deliveryEvent(deliveriesBefore);
      expect(forConsent(c.id)).toHaveLength(0);
      const wh = inngest.run("e-onam-deliver-webhook", event, { checkpointing });
      expect(await wh.untilSleepOrEnd()).toEqual({ ran: ["attempt-1"], result: { deliveryId: String(event.data.deliveryId), status: "delivered" } });
      const [sent] = forConsent(c.id);
      expect(sent!.body.event).toBe("consent.completed");
      expect(sent!.body.data).toMatchObject({ id: c.id, status: "completed", timestamp: { status: "ok" } });
      await sleep(1500);
      expect(forConsent(c.id)).toHaveLength(1);
      expect(inngest.named("eonam/webhook.delivery.created").length).toBe(deliveriesBefore + 1);
      expect(inngest.named("eonam/consent.completion").filter((e) => e.data.consentId === c.id)).toHaveLength(1);
    });
  }

  it("closes the database on SIGTERM with no runner to stop", async () => {
    expect(await server!.stop()).toBe(0);
    server = undefined;
    if (run.driver === "pglite") expect(fs.existsSync(path.join(dataDir, ".pglite.lock"))).toBe(false);
    const log = fs.readFileSync(logFile, "utf8");
    expect(log).toContain("background work is driven by Inngest");
    expect(log).not.toContain("in-process runner started");
    expect(inngest.refused).toEqual([]);
  });
});

// BACKGROUND_JOBS=inngest without its keys is refused at start: lib/start-server.test.ts.
describe("BACKGROUND_JOBS=embedded (the shared server)", () => {
  it("has no Inngest endpoint", async () => {
    for (const method of ["GET", "PUT", "POST"]) {
      const res = await call(method, "/api/inngest", { key: null, body: method === "POST" ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, code: "not_found" });
    }
  });
});
