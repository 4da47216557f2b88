// Webhook delivery (decisions §10) against a real local receiver: signature over the raw body,
// retries on the schedule with fresh timestamps and one delivery id, closing as failed, resend,
// subscriptions, refused private targets, and a server killed in the middle of a delivery. Every
// delivery also passes the `standardwebhooks` library's verify (§21), a secret rotation included.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, run, setServerClock } from "./client";
import type { Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { runAdmin } from "./admin-cli";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { signatureValid, standardValid, startReceiver, type ReceivedWebhook } from "./webhook-receiver";
import { responseValidator, type OpenApiDoc } from "./openapi-validator";
import { verifyWebhook } from "../../sdk/src/index";

const dataDir = path.join(run.dataDir, `webhooks-${randomBytes(3).toString("hex")}`);
const own = ownDatabase(dataDir, "wh");
/** what the receiver answers for a request (default 200); "hang" never answers */
let respond: (r: ReceivedWebhook, attemptsSoFar: number) => number | "hang" = () => 200;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let received: ReceivedWebhook[];
let server: RunningServer | undefined;
let key: { id: string; secret: string };
let secret: string;
let env: Record<string, string>;
const logFile = path.join(dataDir, "server.log");

const api = <T,>(method: string, p: string, body?: unknown) => call<T>(method, p, { key, body, baseUrl: server!.url });

/** The admin CLI, run without blocking: the receiver it may call lives in this process. */
const admin = (args: string[], extraEnv: Record<string, string> = {}) => runAdmin(args, { ...env, ...extraEnv });

/** The admin CLI needs the embedded database to itself: the server stops around it. */
async function withServerStopped<T>(fn: () => Promise<T>): Promise<T> {
  await server!.stop();
  try {
    return await fn();
  } finally {
    server = await startServer(env, logFile);
  }
}

const forConsent = (id: string) => received.filter((r) => (r.body.data as { id?: string }).id === id);

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

const session = (c: Consent): Promise<string> => verifiedSession(tokenOf(c), c.id, { url: server!.url, dataDir });

async function decline(c: Consent): Promise<void> {
  expect((await signer(tokenOf(c), "decline", { reason: "Vazgeçtim" }, await session(c), server!.url)).status).toBe(200);
}

beforeAll(async () => {
  receiver = await startReceiver((r, before) => respond(r, before));
  received = receiver.received;
  env = {
    ...run.env,
    ...own.env,
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_SCHEDULE: "0,1s,1s,1s,1s,1s,1s",
    TSA_RETRY_SCHEDULE: "0",
  };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
  const set = await withServerStopped(async () =>
    admin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.completed,consent.rejected,consent.expired"]),
  );
  expect(set.status, set.stderr).toBe(0);
  secret = String(set.json!.signing_secret);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receiver.close();
  await own.drop();
}, 60_000);

describe("webhook delivery", { timeout: 180_000 }, () => {
  it("sends consent.rejected signed over the raw body, with the delivery id in header and body", async () => {
    respond = () => 200;
    const c = await newConsent();
    await decline(c);
    const [r] = await eventually(async () => (forConsent(c.id).length ? forConsent(c.id) : null));
    expect(r!.headers["content-type"]).toBe("application/json");
    expect(r!.headers["x-service-event"]).toBe("consent.rejected");
    expect(r!.headers["x-service-delivery"]).toMatch(/^\d+$/);
    expect(r!.body.delivery_id).toBe(Number(r!.headers["x-service-delivery"]));
    expect(r!.body.event).toBe("consent.rejected");
    expect(r!.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
    expect(r!.body.data).toMatchObject({ id: c.id, status: "rejected" });
    const ts = Number(r!.headers["x-service-timestamp"]);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(300);
    expect(signatureValid(r!, secret)).toBe(true);
    // the same bytes re-serialized, or another secret, do not verify
    expect(signatureValid({ ...r!, raw: JSON.stringify(JSON.parse(r!.raw), null, 1) }, secret)).toBe(false);
    expect(signatureValid(r!, "whsec_wrong")).toBe(false);
    // Standard Webhooks (§21): the delivery id and the attempt's time, verified by the library itself.
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(r!.headers["webhook-id"]).toBe(r!.headers["x-service-delivery"]);
    expect(r!.headers["webhook-timestamp"]).toBe(r!.headers["x-service-timestamp"]);
    expect(r!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(standardValid(r!, secret)).toBe(true);
    // The SDK's helper (sdk/src/verify-webhook.ts) on the delivery as received.
    expect(verifyWebhook(r!.raw, r!.headers, secret)).toEqual(r!.body);
    expect(standardValid({ ...r!, raw: r!.raw.replace("rejected", "completed") }, secret)).toBe(false);
    expect(standardValid(r!, `whsec_${randomBytes(32).toString("base64")}`)).toBe(false);
  });

  it("sends consent.completed once the document is timestamped, and never the unsubscribed consent.cancelled", async () => {
    respond = () => 200;
    const cancelled = await newConsent();
    expect((await api("POST", `/v1/consents/${cancelled.id}/cancel`, {})).status).toBe(200);
    const c = await newConsent();
    const cookie = await session(c);
    const signed = await signer(tokenOf(c), "sign", { read: true, understood: true, signature: await signaturePng() }, cookie, server!.url);
    expect(signed.status).toBe(200);
    const [r] = await eventually(async () => (forConsent(c.id).length ? forConsent(c.id) : null));
    expect(r!.body.event).toBe("consent.completed");
    const data = r!.body.data as { status: string; document: { sha256: string; pdf_url: string }; timestamp: { status: string } };
    expect(data.status).toBe("completed");
    expect(data.document.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.timestamp.status).toBe("ok");
    expect((await fetch(data.document.pdf_url)).status).toBe(200);
    expect(forConsent(cancelled.id)).toEqual([]);
  });

  it("retries on the schedule with fresh timestamps and one delivery id: a receiver failing 6 times gets the 7th", async () => {
    respond = (_r, before) => (before < 6 ? 500 : 200);
    const c = await newConsent();
    await decline(c);
    const all = await eventually(async () => (forConsent(c.id).length >= 7 ? forConsent(c.id) : null), DOCUMENT_WAIT_MS);
    expect(new Set(all.map((r) => r.headers["x-service-delivery"])).size).toBe(1);
    expect(new Set(all.map((r) => r.body.delivery_id)).size).toBe(1);
    const stamps = all.map((r) => Number(r.headers["x-service-timestamp"]));
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1]!);
    expect(new Set(all.map((r) => r.headers["x-service-signature"])).size).toBe(7);
    for (const r of all) expect(signatureValid(r, secret) && standardValid(r, secret)).toBe(true);
    expect(new Set(all.map((r) => r.headers["webhook-id"]))).toEqual(new Set([String(all[0]!.body.delivery_id)]));
    await new Promise((r) => setTimeout(r, 2500));
    expect(forConsent(c.id)).toHaveLength(7);
  });

  it("closes a delivery failing 7 times as failed; a resend delivers it under the same id", async () => {
    respond = () => 503;
    const c = await newConsent();
    await decline(c);
    await eventually(async () => forConsent(c.id).length >= 7, DOCUMENT_WAIT_MS);
    await new Promise((r) => setTimeout(r, 2500));
    expect(forConsent(c.id)).toHaveLength(7);
    const id = forConsent(c.id)[0]!.body.delivery_id as number;

    respond = () => 200;
    const [history, resent, after] = await withServerStopped(async () => [
      await admin(["webhook", "deliveries", "--tenant", "demo", "--status", "failed"]),
      await admin(["webhook", "resend", "--tenant", "demo", "--id", String(id)]),
      await admin(["webhook", "deliveries", "--tenant", "demo"]),
    ]);
    // The CLI names a delivery by the same number as X-Service-Delivery and the body's delivery_id.
    type Listed = { id: number; status: string; attempts: { status_code: number | null; trigger: string }[] };
    const failed = (history.json!.data as Listed[]).find((d) => d.id === id);
    expect(failed?.status).toBe("failed");
    expect(failed?.attempts.map((a) => a.status_code)).toEqual([503, 503, 503, 503, 503, 503, 503]);
    expect(resent.json).toMatchObject({ delivery_id: id, attempt: 8, status: "delivered", status_code: 200 });
    const delivered = (after.json!.data as Listed[]).find((d) => d.id === id);
    expect(delivered?.status).toBe("delivered");
    expect(delivered?.attempts.at(-1)?.trigger).toBe("manual");
    const last = forConsent(c.id).at(-1)!;
    expect(forConsent(c.id)).toHaveLength(8);
    expect(last.body.delivery_id).toBe(id);
    expect(signatureValid(last, secret)).toBe(true);
  });

  it("delivers after a restart when the server was killed in the middle of a delivery", async () => {
    respond = (_r, before) => (before === 0 ? "hang" : 200);
    const c = await newConsent();
    await decline(c);
    await eventually(async () => forConsent(c.id).length >= 1);
    server!.child.kill("SIGKILL");
    await server!.stop();
    server = await startServer(env, logFile);
    // The dead process's claim lapses after 30 s; the test clock skips the wait.
    await setServerClock(60_000, server.url, env.APP_SECRET);
    try {
      const all = await eventually(async () => (forConsent(c.id).length >= 2 ? forConsent(c.id) : null), 20_000);
      expect(all[1]!.body.delivery_id).toBe(all[0]!.body.delivery_id);
      expect(signatureValid(all[1]!, secret)).toBe(true);
    } finally {
      await setServerClock(0, server.url, env.APP_SECRET);
    }
  });

  it("sends a signed test event on request", async () => {
    respond = () => 200;
    const r = await withServerStopped(() => admin(["webhook", "test", "--tenant", "demo"]));
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ status: "delivered", status_code: 200 });
    const got = received.filter((x) => x.body.event === "webhook.test").at(-1)!;
    expect(got.body.delivery_id).toBe(r.json!.delivery_id);
    expect(signatureValid(got, secret) && standardValid(got, secret)).toBe(true);
  });

  it("signs with both secrets during a rotation, the new one first, in both schemes", async () => {
    respond = () => 200;
    const previous = secret;
    const set = await withServerStopped(async () =>
      admin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.completed,consent.rejected,consent.expired"]),
    );
    expect(set.status, set.stderr).toBe(0);
    secret = String(set.json!.signing_secret);
    expect(secret).not.toBe(previous);
    const c = await newConsent();
    await decline(c);
    const [r] = await eventually(async () => (forConsent(c.id).length ? forConsent(c.id) : null));
    const standard = String(r!.headers["webhook-signature"]).split(" ");
    expect(standard).toHaveLength(2);
    expect(String(r!.headers["x-service-signature"]).split(",")).toHaveLength(2);
    // Either secret verifies, so receivers can switch within the 24 hours; the new one signs first.
    for (const s of [secret, previous]) {
      expect(signatureValid(r!, s) && standardValid(r!, s), s === secret ? "new" : "previous").toBe(true);
      expect(verifyWebhook(r!.raw, r!.headers, s).delivery_id).toBe(r!.body.delivery_id);
    }
    expect(standardValid({ ...r!, headers: { ...r!.headers, "webhook-signature": standard[0] } }, secret)).toBe(true);
    expect(standardValid({ ...r!, headers: { ...r!.headers, "webhook-signature": standard[1] } }, previous)).toBe(true);
  });

  it("sent every delivery above as /v1/openapi.json documents its webhook: headers and payload", async () => {
    const doc = (await (await fetch(`${server!.url}/v1/openapi.json`)).json()) as OpenApiDoc;
    const v = responseValidator(doc);
    expect(new Set(received.map((r) => r.body.event))).toEqual(new Set(["consent.rejected", "consent.completed", "webhook.test"]));
    for (const r of received) {
      const op = doc.webhooks[r.body.event]?.post;
      expect(op, `${r.body.event} is documented`).toBeTruthy();
      for (const p of op!.parameters) expect(v.validateSchema(p.schema, r.headers[p.name.toLowerCase()]), `${r.body.event} ${p.name}`).toEqual([]);
      const schema = op!.requestBody.content["application/json"]!.schema as { $ref: string };
      expect(v.validateRef(schema.$ref, r.body), `${r.body.event} payload`).toEqual([]);
    }
  });

  it("refuses private and plain-http targets when the URL is saved", async () => {
    // A plain-http and a private target through the command line; every private range is in
    // lib/webhooks/webhook-url.test.ts.
    // NAT64 local-use and Teredo literals too (issue #49).
    const urls = ["http://127.0.0.1:9/hook", "https://10.0.0.8/hook", "https://[64:ff9b:1::a00:8]/hook", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook"];
    const results = await withServerStopped(async () => {
      const out = [];
      for (const url of urls) out.push(await admin(["webhook", "set", "--tenant", "demo", "--url", url], { WEBHOOK_ALLOW_PRIVATE: "0" }));
      return out;
    });
    for (const [i, r] of results.entries()) {
      expect(r.status, urls[i]).toBe(2);
      expect(r.stderr, urls[i]).toMatch(/https:\/\/|özel|yerel/);
    }
  });
});
