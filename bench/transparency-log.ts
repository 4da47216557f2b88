// The transparency log in npm run bench (decisions §20, issue #39): what appending adds to a create,
// and an inclusion proof at a large prefilled tree (BENCH_LOG_LEAVES, default 1 M; 10 M is the
// issue's size and takes minutes to prefill), one connection.
import { createHash, randomInt } from "node:crypto";
import http from "node:http";
import type pg from "pg";
import { median, type Row } from "./bench-row";

export const LOG_LEAVES = Number(process.env.BENCH_LOG_LEAVES ?? 1_000_000);
const PROOFS = 2000;

/** The record hash the prefill gave leaf g: SHA-256 of g as 8 bytes big-endian. */
const recordHash = (g: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(g));
  return createHash("sha256").update(b).digest("hex");
};

/**
 * LOG_LEAVES leaves and every complete subtree above them, level by level in set-based statements
 * (what the append trigger would have written, without its per-leaf cost). Only on an empty log:
 * call it before the first record is written.
 */
export async function prefillLog(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ size: string }>("SELECT size FROM log_head");
  if (Number(rows[0]?.size) !== 0) {
    console.error("log prefill skipped: the log is not empty");
    return false;
  }
  const t0 = Date.now();
  await client.query(
    `INSERT INTO log_nodes (level, idx, hash)
     SELECT 0, g, sha256('\\x00'::bytea || sha256(int8send(g))) FROM generate_series(0, $1::bigint - 1) AS g`,
    [LOG_LEAVES],
  );
  for (let level = 1; 2 ** level <= LOG_LEAVES; level++) {
    await client.query(
      `INSERT INTO log_nodes (level, idx, hash)
       SELECT $1::smallint, l.idx / 2, sha256('\\x01'::bytea || l.hash || r.hash)
       FROM log_nodes l JOIN log_nodes r ON r.level = l.level AND r.idx = l.idx + 1
       WHERE l.level = $1::smallint - 1 AND l.idx % 2 = 0`,
      [level],
    );
  }
  await client.query("UPDATE log_head SET size = $1", [LOG_LEAVES]);
  await client.query("VACUUM ANALYZE log_nodes");
  await client.query("CHECKPOINT");
  console.error(`prefilled ${LOG_LEAVES} log leaves in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

/** Sequential requests on one kept-alive connection: their latencies, ms (sub-millisecond, unlike autocannon's). */
async function sequential(url: string, count: number, next: () => { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const r = next();
      const t = performance.now();
      const req = http.request(`${url}${r.path}`, { agent, method: r.method ?? "GET", headers: r.headers }, (res) => {
        if (res.statusCode! >= 300) reject(new Error(`${r.path}: ${res.statusCode}`));
        res.resume();
        res.on("end", () => resolve(performance.now() - t));
      });
      req.on("error", reject);
      req.end(r.body);
    });
  const ms: number[] = [];
  try {
    for (let i = 0; i < count; i++) ms.push(await once());
  } finally {
    agent.destroy();
  }
  return ms.sort((a, b) => a - b);
}

const p99Of = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)]!;

/** GET /log/proof for random prefilled leaves, one request at a time on one kept-alive connection. */
export async function proofRow(url: string): Promise<Row> {
  const proof = () => ({ path: `/log/proof?hash=${recordHash(randomInt(LOG_LEAVES))}&size=${LOG_LEAVES}` });
  await sequential(url, 200, proof); // warm-up
  const ms = await sequential(url, PROOFS, proof);
  // The framework's own share on this host right now: the no-database route, the same way.
  const ping = await sequential(url, PROOFS, () => ({ path: "/api/ping" }));
  const p99 = p99Of(ms);
  return {
    name: `GET /log/proof at ${(LOG_LEAVES / 1e6).toFixed(1)} M leaves, 1 connection, ${PROOFS} random leaves (GET /api/ping the same way: p50 ${median(ping).toFixed(1)}, p99 ${p99Of(ping).toFixed(1)} ms)`,
    p50: median(ms),
    p99,
    target: "p99 ≤ 10 ms",
    met: p99 <= 10,
  };
}

/**
 * What the log adds to a create: POST /v1/consents one at a time with the append trigger and
 * without it (disabled for the measurement), in alternating blocks to cancel drift on a shared host.
 */
export async function appendCostRow(url: string, headers: Record<string, string>, body: string, client: pg.Client): Promise<Row> {
  const create = () => ({ path: "/v1/consents", method: "POST", headers, body });
  await sequential(url, 200, create); // warm-up
  const withLog: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 3; round++) {
    withLog.push(median(await sequential(url, 300, create)));
    await client.query("ALTER TABLE consent_events DISABLE TRIGGER consent_events_log");
    try {
      without.push(median(await sequential(url, 300, create)));
    } finally {
      await client.query("ALTER TABLE consent_events ENABLE TRIGGER consent_events_log");
    }
  }
  const added = median(withLog) - median(without);
  const f = (xs: number[]) => xs.map((x) => x.toFixed(2)).join("/");
  return {
    name: `what appending to the log adds to POST /v1/consents, 1 connection (p50 of 3 × 300: ${f(withLog)} ms with, ${f(without)} without)`,
    p50: added,
    target: "≤ 1 ms p50",
    met: added <= 1,
  };
}

/**
 * The same cost without the HTTP server's noise: one-statement inserts of a record (each its own
 * transaction, as the create's) straight on PostgreSQL, with the append trigger and without.
 */
export async function appendDbCostRow(client: pg.Client, consentId: string): Promise<Row> {
  const { rows } = await client.query<{ tenant: string; seq: number }>(
    "SELECT c.tenant_id AS tenant, (SELECT coalesce(max(seq), 0) FROM consent_events WHERE consent_id = c.id) AS seq FROM consents c WHERE c.id = $1",
    [consentId],
  );
  let seq = Math.max(rows[0]!.seq, 1_000_000);
  const block = async () => {
    const ms: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      await client.query(
        "INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, actor, hash) VALUES ($1, $2, $3, 'goruntulendi', '2026-11-26 10:00:00', 'system', $4)",
        [consentId, rows[0]!.tenant, ++seq, createHash("sha256").update(String(seq)).digest("hex")],
      );
      ms.push(performance.now() - t);
    }
    return median(ms);
  };
  await block(); // warm-up
  const withLog: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 3; round++) {
    withLog.push(await block());
    await client.query("ALTER TABLE consent_events DISABLE TRIGGER consent_events_log");
    try {
      without.push(await block());
    } finally {
      await client.query("ALTER TABLE consent_events ENABLE TRIGGER consent_events_log");
    }
  }
  const added = median(withLog) - median(without);
  const f = (xs: number[]) => xs.map((x) => x.toFixed(3)).join("/");
  return { name: `the append at commit, on PostgreSQL alone (p50 of 3 × 500 inserts: ${f(withLog)} ms with, ${f(without)} without)`, p50: added, target: "≤ 1 ms p50", met: added <= 1 };
}
