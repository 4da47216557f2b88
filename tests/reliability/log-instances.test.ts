// Two instances appending to the transparency log at once (decisions §16, §20): two `next start`
// on one PostgreSQL schema take creates concurrently, and the log holds exactly one leaf per
// evidence record, indices 0…n−1 without a gap, in one tree whose root (recomputed here from the
// leaves, RFC 9162 §2.1.1) is what either instance signs, consistent with the checkpoint before.
// Two processes cannot share an embedded database, so this file always runs on PostgreSQL.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, run, setServerClock } from "../api/client";
import { startSeededServer, startServer, type RunningServer } from "../api/server";
import { mthOfLeaves, noteVerifies, parseNote, rfcConsistency } from "../api/log-helpers";
import { demoConsent } from "./harness";

const BASE_DB = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const schema = `t_tlog_${randomBytes(4).toString("hex")}`;
const dataDir = path.join(run.dataDir, `log-instances-${randomBytes(3).toString("hex")}`);
let env: Record<string, string>;
let a: RunningServer;
let b: RunningServer;
let key: { id: string; secret: string };

async function sql<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: BASE_DB });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  const dbUrl = new URL(BASE_DB);
  dbUrl.searchParams.set("schema", schema);
  env = { ...run.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), RATE_LIMIT_PER_MINUTE: "1000000", LOG_LEVEL: "warn" };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  const first = await startSeededServer(env, path.join(dataDir, "a.log"));
  a = first.server;
  key = first.key;
  b = await startServer(env, path.join(dataDir, "b.log"));
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const client = new pg.Client({ connectionString: BASE_DB });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}, 60_000);

describe("two instances appending to the transparency log at once", { timeout: 240_000 }, () => {
  it("give one tree: a leaf per record, no gap, the root both sign, consistent with the one before", async () => {
    const vkey = (await (await fetch(`${a.url}/log/key`)).text()).trim();
    expect((await (await fetch(`${b.url}/log/key`)).text()).trim()).toBe(vkey);
    // a tree of at least one leaf to be consistent with
    expect((await call("POST", "/v1/consents", { key, baseUrl: a.url, body: demoConsent() })).status).toBe(201);
    // (the clocks of the test build: a minute on, A signs the tree that grew since its start)
    await setServerClock(2 * 60_000, a.url, env.APP_SECRET!);
    const before = await (await fetch(`${a.url}/log/checkpoint`)).text();

    // 8 workers, half on each instance, 15 creates and a cancel of every other one each.
    const worker = async (server: RunningServer, n: number) => {
      for (let i = 0; i < 15; i++) {
        const c = await call<{ id: string }>("POST", "/v1/consents", { key, baseUrl: server.url, body: demoConsent({ dis_ref: `log-${n}-${i}` }) });
        expect(c.status, c.text).toBe(201);
        if (i % 2 === 0) expect((await call("POST", `/v1/consents/${c.body.id}/cancel`, { key, baseUrl: server.url, body: { reason: "yük" } })).status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => worker(n % 2 === 0 ? a : b, n)));

    const { events } = (await sql<{ events: number }>(`SELECT count(*)::int AS events FROM consent_events`))[0]!;
    const { size } = (await sql<{ size: number }>(`SELECT size::int AS size FROM log_head`))[0]!;
    expect(size).toBe(events);
    const leaves = await sql<{ idx: number; hash: Buffer }>(`SELECT idx::int AS idx, hash FROM log_nodes WHERE level = 0 ORDER BY idx`);
    expect(leaves.map((l) => l.idx)).toEqual(Array.from({ length: size }, (_, i) => i));
    const { missing } = (await sql<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM consent_events e
       WHERE NOT EXISTS (SELECT 1 FROM log_nodes n WHERE n.level = 0 AND n.hash = sha256('\\x00'::bytea || decode(e.hash, 'hex')))`,
    ))[0]!;
    expect(missing).toBe(0);

    // Minutes later on instance B, the grown tree is signed: its root is the one of the leaves.
    await setServerClock(4 * 60_000, b.url, env.APP_SECRET!);
    try {
      const after = await (await fetch(`${b.url}/log/checkpoint`)).text();
      expect(noteVerifies(after, vkey)).toBe(true);
      const [x, y] = [parseNote(before), parseNote(after)];
      expect(y.size).toBe(size);
      expect(y.root.equals(mthOfLeaves(leaves.map((l) => Buffer.from(l.hash))))).toBe(true);
      const { consistency } = (await (await fetch(`${a.url}/log/consistency?first=${x.size}&second=${y.size}`)).json()) as { consistency: string[] };
      expect(rfcConsistency(x.size, y.size, x.root, y.root, consistency.map((h) => Buffer.from(h, "base64")))).toBe(true);
    } finally {
      await setServerClock(0, a.url, env.APP_SECRET!);
      await setServerClock(0, b.url, env.APP_SECRET!);
    }
  });
});
