// The evidence chain (decisions §6) recomputed independently of the service, and tampering done
// directly in the database (a changed record, a deleted last record) caught by `chain.ok` after a
// restart. Runs on a server and database of its own: the tampering must not touch the shared run.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
// A second, independent RFC 8785 implementation: the service itself uses the `canonicalize` package.
import { canonicalize } from "json-canonicalize";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, run, type CallResult } from "./client";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";

interface EvidenceRecord {
  seq: number;
  event: string;
  at: string;
  ip: string;
  user_agent: string;
  actor: string;
  data: Record<string, unknown>;
  prev_hash: string | null;
  hash: string;
}

interface EventsBody {
  data: EvidenceRecord[];
  chain: { ok: boolean; count: number };
}

interface ConsentBody {
  id: string;
  status: string;
  link: { url: string; short: string };
}

const RECORD_KEYS = ["actor", "at", "data", "event", "hash", "ip", "prev_hash", "seq", "user_agent"];

function sha256hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The chain as any outside party would check it from the served records alone (decisions §6):
 * seq consecutive from 1, prev_hash = the previous record's hash (null first), and
 * hash = sha256hex(JCS(record without its `hash` member)). Returns every problem found; [] = valid.
 */
function recomputeChain(records: readonly EvidenceRecord[]): string[] {
  const problems: string[] = [];
  let prev: string | null = null;
  records.forEach((record, i) => {
    const { hash, ...unsigned } = record;
    if (record.seq !== i + 1) problems.push(`record ${i}: seq ${record.seq}, expected ${i + 1}`);
    if (record.prev_hash !== prev) problems.push(`seq ${record.seq}: prev_hash ${String(record.prev_hash)}, expected ${String(prev)}`);
    const canonical = canonicalize(unsigned);
    if (canonical === undefined) {
      problems.push(`seq ${record.seq}: not canonicalizable`);
    } else {
      const expected = sha256hex(canonical);
      if (hash !== expected) problems.push(`seq ${record.seq}: hash ${hash}, recomputed ${expected}`);
    }
    prev = hash;
  });
  return problems;
}

describe("the evidence chain against tampering in the database", () => {
  const dataDir = path.join(run.dataDir, `evidence-tamper-${randomBytes(3).toString("hex")}`);
  const pgliteDir = path.join(dataDir, "pglite");
  const lockFile = path.join(dataDir, ".pglite.lock");
  const logFile = path.join(dataDir, "server.log");
  const own = ownDatabase(dataDir, "evid");
  const env: Record<string, string> = { ...run.env, ...own.env, SMS_DRIVER: "file" };
  let server: RunningServer | undefined;
  let key: { id: string; secret: string };

  // Filled by the first test, used by the later ones.
  let tampered: { id: string; events: EvidenceRecord[] } | undefined;
  let truncated: { id: string; events: EvidenceRecord[] } | undefined;
  let control: { id: string; events: EvidenceRecord[] } | undefined;

  function api<T>(method: string, urlPath: string, body?: unknown): Promise<CallResult<T>> {
    if (!server) throw new Error("no server running");
    return call<T>(method, urlPath, { key, body, baseUrl: server.url });
  }

  async function createConsent(adsoyad: string): Promise<ConsentBody> {
    const res = await api<ConsentBody>("POST", "/v1/consents", {
      sablon_kod: "genel-tibbi-mudahale",
      adsoyad,
      telefon: "0532 123 45 67",
      sms_gonder: true,
      degiskenler: { girisim_tarihi: "2026-12-01" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).toMatch(/^ons_\d{6}_/);
    expect(res.body.status).toBe("sent");
    return res.body;
  }

  async function events(id: string): Promise<EventsBody> {
    const res = await api<EventsBody>("GET", `/v1/consents/${encodeURIComponent(id)}/events`);
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body.data), res.text).toBe(true);
    return res.body;
  }

  /** Runs SQL against this test's own database while the server is stopped. */
  async function withDatabase(fn: (query: (sql: string, params: unknown[]) => Promise<number>) => Promise<void>): Promise<void> {
    if (run.driver === "postgres") {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${own.schema}"`);
        await fn(async (sql, params) => (await client.query(sql, params)).rowCount ?? 0);
      } finally {
        await client.end();
      }
      return;
    }
    // PGlite allows one process per directory: the server must have let go of it first.
    expect(fs.existsSync(lockFile), "the stopped server left its PGlite lock behind").toBe(false);
    expect(fs.existsSync(pgliteDir)).toBe(true);
    const db = new PGlite(pgliteDir);
    try {
      await fn(async (sql, params) => (await db.query(sql, params)).affectedRows ?? 0);
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    ({ server, key } = await startSeededServer(env, logFile));
  });

  afterAll(async () => {
    await server?.stop();
    server = undefined;
    await own.drop();
  }, 60_000);

  it("serves a chain that an independent JCS + SHA-256 recomputation reproduces", async () => {
    const a = await createConsent("Ayşe Yılmaz");
    const b = await createConsent("Mehmet Öztürk");
    const c = await createConsent("Zeynep Çelik");

    const chainA = await events(a.id);
    expect(chainA.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi"]);
    expect(chainA.chain).toEqual({ ok: true, count: 2 });

    for (const r of chainA.data) {
      expect(Object.keys(r).sort()).toEqual(RECORD_KEYS);
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(typeof r.ip).toBe("string");
      expect(typeof r.user_agent).toBe("string");
      expect(r.data !== null && typeof r.data === "object" && !Array.isArray(r.data)).toBe(true);
    }
    const [first, second] = chainA.data as [EvidenceRecord, EvidenceRecord];
    expect(first.seq).toBe(1);
    expect(first.prev_hash).toBeNull();
    expect(first.actor).toBe(`api:${key.id}`);
    expect(second.seq).toBe(2);
    expect(second.prev_hash).toBe(first.hash);
    expect(second.actor).toBe("system");
    expect(first.hash).not.toBe(second.hash);

    // Each served hash is exactly what JCS + SHA-256 of the rest of the record gives.
    expect(recomputeChain(chainA.data)).toEqual([]);
    const { hash: firstHash, ...firstUnsigned } = first;
    expect(sha256hex(canonicalize(firstUnsigned))).toBe(firstHash);
    // …and the recomputation is sensitive: change one member and the hash no longer matches.
    expect(recomputeChain([{ ...first, actor: "system" }, second])).not.toEqual([]);

    const chainB = await events(b.id);
    const chainC = await events(c.id);
    for (const ch of [chainB, chainC]) {
      expect(ch.chain).toEqual({ ok: true, count: 2 });
      expect(ch.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi"]);
      expect(recomputeChain(ch.data)).toEqual([]);
    }
    // Three consents, three separate chains.
    expect(new Set([chainA.data[0]?.hash, chainB.data[0]?.hash, chainC.data[0]?.hash]).size).toBe(3);

    tampered = { id: a.id, events: chainA.data };
    truncated = { id: b.id, events: chainB.data };
    control = { id: c.id, events: chainC.data };
  });

  it("reports chain.ok false after a record's data is changed, or the last record deleted, in the database", async () => {
    if (!tampered || !truncated || !control) throw new Error("the first test did not run");
    const tamperedId = tampered.id;
    const truncatedId = truncated.id;

    expect(await server!.stop()).toBe(0);
    server = undefined;

    await withDatabase(async (query) => {
      // seq 1 of the first consent: data.sms true → false, ip changed too.
      const changed = await query(
        `UPDATE consent_events SET data = jsonb_set(data::jsonb, '{sms}', 'false'::jsonb), ip = '203.0.113.66'
          WHERE consent_id = $1 AND seq = 1`,
        [tamperedId],
      );
      expect(changed).toBe(1);
      // the last record of the second consent
      const deleted = await query(
        `DELETE FROM consent_events WHERE consent_id = $1
            AND seq = (SELECT max(seq) FROM consent_events WHERE consent_id = $1)`,
        [truncatedId],
      );
      expect(deleted).toBe(1);
    });

    // Same data dir / schema; SEED_DEMO stays set as on a real restart and must not reseed.
    server = await startServer({ ...env, SEED_DEMO: "1" }, logFile);

    // 1. The changed record.
    const afterTamper = await events(tampered.id);
    expect(afterTamper.data).toHaveLength(2);
    expect(afterTamper.data[0]?.data).toMatchObject({ sms: false }); // the tampered value is what is served
    expect(afterTamper.data[0]?.ip).toBe("203.0.113.66");
    expect(afterTamper.data[0]?.hash).toBe(tampered.events[0]?.hash); // the stored hash was left alone
    expect(afterTamper.chain).toEqual({ ok: false, count: 2 });
    const problems = recomputeChain(afterTamper.data);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^seq 1: hash /);

    // 2. The deleted last record: what remains links up on its own, so only the head the consent
    // keeps (and the one a client kept) shows the loss.
    const afterDelete = await events(truncated.id);
    expect(afterDelete.data.map((r) => r.event)).toEqual(["olusturuldu"]);
    expect(afterDelete.chain).toEqual({ ok: false, count: 1 });
    expect(recomputeChain(afterDelete.data)).toEqual([]);
    expect(afterDelete.data.at(-1)?.hash).not.toBe(truncated.events.at(-1)?.hash);

    // 3. An untouched consent in the same database still verifies.
    const untouched = await events(control.id);
    expect(untouched.chain).toEqual({ ok: true, count: 2 });
    expect(untouched.data).toEqual(control.events);
    expect(recomputeChain(untouched.data)).toEqual([]);
  });
});
