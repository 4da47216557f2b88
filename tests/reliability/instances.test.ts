// Several instances, one truth (decisions §16): two `next start` instances on one PostgreSQL, one
// Redis and one S3-compatible bucket (s3rver, a local server speaking the S3 protocol), requests
// alternating between them. The 121st request of a key within a minute is refused whichever instance
// it reaches; a document produced by one is served by the other; a webhook due once is delivered
// once; and `kill -9` of one instance under load loses no acknowledged consent and no due webhook.
// Two processes cannot share an embedded database, so this file always runs on PostgreSQL (the
// machine's, or TEST_DATABASE_URL).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, run, type CallResult } from "../api/client";
import type { Consent } from "../api/consent-helpers";
import { runAdmin } from "../api/admin-cli";
import { startSeededServer, startServer, type RunningServer } from "../api/server";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import { signatureValid, startReceiver, type ReceivedWebhook } from "../api/webhook-receiver";
import { demoConsent } from "./harness";

const BASE_DB = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const BUCKET = "eonam-instances";

let s3: S3rver;
let s3Url: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let secret: string;
let env: Record<string, string>;
let a: RunningServer;
let b: RunningServer;
let key: { id: string; secret: string };
const schema = `t_inst_${randomBytes(4).toString("hex")}`;
const dataDir = path.join(run.dataDir, `instances-${randomBytes(3).toString("hex")}`);

const api = <T = Record<string, unknown>>(server: RunningServer, method: string, p: string, body?: unknown, k = key): Promise<CallResult<T>> =>
  call<T>(method, p, { key: k, body, baseUrl: server.url });

async function admin(args: string[]): Promise<Record<string, unknown>> {
  const r = await runAdmin(args, env);
  expect(r.status, r.stderr).toBe(0);
  return r.json!;
}

/** Rows of this file's schema, read past both instances (their reads are rate limited too). */
async function sql<T>(text: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: BASE_DB });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function newKey(name: string): Promise<{ id: string; secret: string }> {
  const k = await admin(["key", "create", "--tenant", "demo", "--name", name, "--scopes", "onam:yaz,onam:oku,sablon:oku,sablon:yaz"]);
  return { id: String(k.id), secret: String(k.secret) };
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-")), configureBuckets: [{ name: BUCKET, configs: [] }] });
  s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
  receiver = await startReceiver();
  const dbUrl = new URL(BASE_DB);
  dbUrl.searchParams.set("schema", schema);
  env = {
    ...run.env,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: "redis://127.0.0.1:6379",
    FILE_STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Url,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
    RATE_LIMIT_PER_MINUTE: "120",
    LOG_LEVEL: "warn",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_SCHEDULE: "0,1s,1s,1s,1s,1s,1s",
    RUNNER_INTERVAL: "1s",
    TSA_RETRY_SCHEDULE: "0",
  };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  const first = await startSeededServer(env, path.join(dataDir, "a.log"));
  a = first.server;
  key = first.key;
  b = await startServer(env, path.join(dataDir, "b.log"));
  const set = await admin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.cancelled,consent.completed"]);
  secret = String(set.signing_secret);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await receiver?.close();
  await s3?.close();
  const client = new pg.Client({ connectionString: BASE_DB });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}, 60_000);

describe("two instances on one PostgreSQL, one Redis and one bucket", { timeout: 240_000 }, () => {
  it("refuses the 121st request of a key within a minute, whichever instance it reaches", async () => {
    const k = await newKey("limit");
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await api(i % 2 === 0 ? a : b, "GET", "/v1/me", undefined, k)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refusedA = await api(a, "GET", "/v1/me", undefined, k);
    const refusedB = await api(b, "GET", "/v1/me", undefined, k);
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    expect(Number(refusedB.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("serves from one instance the document the other produced, kept encrypted in the bucket", async () => {
    const c = (await api<Consent>(a, "POST", "/v1/consents", demoConsent({ telefon: "0533 555 10 01" }))).body;
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id, { url: a.url, dataDir });
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, a.url)).status).toBe(200);
    const done = await eventually(async () => {
      const got = await api<Consent & { document: { sha256: string; pdf_url: string } | null }>(b, "GET", `/v1/consents/${c.id}`);
      return got.body.document ? got.body : null;
    }, 30_000);
    // The link names instance A; the same path on instance B serves the same bytes.
    const onB = new URL(done.document!.pdf_url);
    const pdf = Buffer.from(await (await fetch(`${b.url}${onB.pathname}${onB.search}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(done.document!.sha256);
    // In the bucket, and not readable there.
    const listing = await (await fetch(`${s3Url}/${BUCKET}?list-type=2`)).text();
    const objectKey = /<Key>([^<]*)<\/Key>/.exec(listing)?.[1];
    expect(objectKey, listing).toBeTruthy();
    const raw = Buffer.from(await (await fetch(`${s3Url}/${BUCKET}/${objectKey}`)).arrayBuffer());
    expect(raw.subarray(0, 5).toString()).not.toBe("%PDF-");
  });

  it("delivers a webhook due once exactly once, with both instances' runners looking", async () => {
    const k = await newKey("webhooks");
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const server = i % 2 === 0 ? a : b;
      const c = await api<{ id: string }>(server, "POST", "/v1/consents", demoConsent({ dis_ref: `once-${i}` }), k);
      expect((await api(server, "POST", `/v1/consents/${c.body.id}/cancel`, { reason: "iki örnek" }, k)).status).toBe(200);
      ids.push(c.body.id);
    }
    const cancelledOf = (id: string) => receiver.received.filter((r) => r.body.event === "consent.cancelled" && (r.body.data as { id: string }).id === id);
    await eventually(async () => ids.every((id) => cancelledOf(id).length > 0), 30_000);
    // Give a second claim of the same delivery time to happen, if it could.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const id of ids) expect(cancelledOf(id), id).toHaveLength(1);
  });

  it("loses no acknowledged consent and no due webhook when one instance is killed under load", async () => {
    // A key per worker: each stays under 120 requests a minute.
    const workerKeys = await Promise.all(Array.from({ length: 8 }, (_, n) => newKey(`crash-${n}`)));
    const created: string[] = [];
    const cancelled: string[] = [];
    let dead = false;
    // Workers on instance A stop when it dies; those on B go on for ten more consents each.
    async function worker(server: RunningServer, n: number): Promise<void> {
      const k = workerKeys[n]!;
      let afterKill = 0;
      for (let i = 0; ; i++) {
        if (dead && (server === a || afterKill++ >= 10)) return;
        try {
          const c = await api<{ id: string }>(server, "POST", "/v1/consents", demoConsent({ dis_ref: `crash-${n}-${i}` }), k);
          if (c.status !== 201) continue;
          created.push(c.body.id);
          if (i % 2 === 0 && (await api(server, "POST", `/v1/consents/${c.body.id}/cancel`, { reason: "yük testi" }, k)).status === 200) {
            cancelled.push(c.body.id);
          }
        } catch {
          if (server === a) return; // instance A is gone
        }
      }
    }
    const workers = Array.from({ length: 8 }, (_, n) => worker(n % 2 === 0 ? a : b, n));
    await eventually(async () => created.length >= 60, 60_000);
    a.child.kill("SIGKILL");
    dead = true;
    await Promise.all(workers);
    if (a.child.exitCode === null && a.child.signalCode === null) await new Promise((r) => a.child.once("exit", r));

    // Instance B alone: every acknowledged consent is there, every due webhook arrives, signed.
    expect(created.length).toBeGreaterThanOrEqual(60);
    const rows = await sql<{ id: string; status: string }>(`SELECT id, status FROM consents WHERE id = ANY($1)`, [created]);
    expect(rows.map((r) => r.id).sort()).toEqual([...created].sort());
    for (const r of rows) if (cancelled.includes(r.id)) expect(r.status, r.id).toBe("cancelled");
    const missing = () => cancelled.filter((id) => !receiver.received.some((r) => r.body.event === "consent.cancelled" && (r.body.data as { id: string }).id === id));
    // A delivery A had claimed stays locked for its attempt lock (timeout + 20 s), then B retries it.
    await eventually(async () => missing().length === 0, 90_000).catch(() => undefined);
    expect(missing()).toEqual([]);
    for (const r of receiver.received as ReceivedWebhook[]) expect(signatureValid(r, secret)).toBe(true);
  });
});
