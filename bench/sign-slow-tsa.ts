// Issue #46: a patient's signature never waits on a TSA. A second server whose TSA (RFC 3161 over
// HTTP: a proxy to the first server's own authority) answers after TSA_DELAY_MS; 8 patients sign at
// once, round after round. Measured: the sign request (p50, p99) and sign → `consent.completed` sent
// (its document and its detached timestamp `ok`) (p50 against the TSA's latency + 300 ms).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { startSeededServer } from "../tests/api/server";
import { median, type Row } from "./bench-row";
import { apiHeaders, CONSENT_BODY, prepareConsent, sign } from "./sign-flow";

const TSA_DELAY_MS = 1000;
const SIGNERS = 8;
const ROUNDS = 5;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

let queries = 0;

export async function signWithSlowTsa(baseEnv: Record<string, string>, mainUrl: string, mainKey: { id: string; secret: string }, dataDir: string): Promise<Row[]> {
  const tsa = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      setTimeout(() => {
        // The first server's /tsa allows 60 a minute per address: each query comes from a loopback
        // address of its own (Linux answers all of 127.0.0.0/8).
        const body = Buffer.concat(chunks);
        const up = http.request(
          `${mainUrl}/tsa`,
          {
            method: "POST",
            localAddress: `127.0.${1 + (++queries % 250)}.${1 + (queries % 250)}`,
            headers: { "Content-Type": "application/timestamp-query", "Content-Length": body.length, Authorization: apiHeaders(mainKey).Authorization! },
          },
          (r) => {
            const answer: Buffer[] = [];
            r.on("data", (c: Buffer) => answer.push(c));
            r.on("end", () => res.writeHead(r.statusCode ?? 502, { "Content-Type": String(r.headers["content-type"] ?? "") }).end(Buffer.concat(answer)));
          },
        );
        up.on("error", () => res.writeHead(502).end());
        up.end(body);
      }, TSA_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => tsa.listen(0, "127.0.0.1", resolve));
  const ownDir = path.join(dataDir, "slow-tsa");
  fs.mkdirSync(ownDir, { recursive: true });
  const caFile = path.join(ownDir, "tsa.pem");
  fs.writeFileSync(caFile, await (await fetch(`${mainUrl}/tsa/certificate.pem`)).text());
  const dbUrl = new URL(baseEnv.DATABASE_URL!);
  const schema = `${dbUrl.searchParams.get("schema")}_tsa_${randomBytes(2).toString("hex")}`;
  dbUrl.searchParams.set("schema", schema);
  const { server, key } = await startSeededServer(
    {
      ...baseEnv,
      DATA_DIR: ownDir,
      DATABASE_URL: dbUrl.toString(),
      TSA_DRIVER: "rfc3161",
      TSA_URL: `http://127.0.0.1:${(tsa.address() as AddressInfo).port}/tsa`,
      TSA_CA_FILE: caFile,
      TSA_PROVIDER: "slow-tsa",
    },
    path.join(ownDir, "server.log"),
  );
  try {
    const signMs: number[] = [];
    const completedMs: number[] = [];
    // Completion is read from the database, one query for the round every 10 ms: polling the API at
    // that rate (800 GET/s for 8 signers) took more of the server's CPU than the signatures measured.
    const db = new pg.Client({ connectionString: dbUrl.toString().replace(/\?.*$/, "") });
    await db.connect();
    try {
      // Round 0 warms the server up (its first signature loads the signing code and sharp) and is not counted.
      for (let round = 0; round <= ROUNDS; round++) {
        const ready = await Promise.all(Array.from({ length: SIGNERS }, () => prepareConsent(server.url, apiHeaders(key), CONSENT_BODY, ownDir)));
        const sentAt = new Map<string, number>();
        await Promise.all(
          ready.map(async (r) => {
            const signed = await sign(server.url, r);
            sentAt.set(r.id, signed.sentAt);
            if (round > 0) signMs.push(performance.now() - signed.sentAt);
          }),
        );
        const started = performance.now();
        while (sentAt.size) {
          // consent.completed went out (decisions §10: the document and the first timestamp cycle).
          const { rows } = await db.query<{ id: string; ts_status: string }>(`SELECT id, ts_status FROM "${schema}".consents WHERE id = ANY($1) AND completion_announced_at IS NOT NULL`, [[...sentAt.keys()]]);
          for (const row of rows) {
            if (row.ts_status !== "ok") throw new Error(`consent ${row.id} completed with its timestamp ${row.ts_status}`);
            if (round > 0) completedMs.push(performance.now() - sentAt.get(row.id)!);
            sentAt.delete(row.id);
          }
          if (performance.now() - started > 60_000) throw new Error(`not completed within a minute: ${[...sentAt.keys()].join(", ")}`);
          await new Promise((w) => setTimeout(w, 10));
        }
      }
    } finally {
      await db.end();
    }
    const p50 = median(signMs);
    const p99 = percentile(signMs, 99);
    const done = median(completedMs);
    return [
      { name: `sign request, TSA answering after ${TSA_DELAY_MS} ms, ${SIGNERS} concurrent signers (${signMs.length} signatures)`, p50, p99, target: "p50 ≤ 80 ms, p99 ≤ 250 ms", met: p50 <= 80 && p99 <= 250 },
      { name: `sign → completed with its timestamp, TSA after ${TSA_DELAY_MS} ms (p99 column = max)`, p50: done, p99: Math.max(...completedMs), target: `p50 ≤ ${TSA_DELAY_MS + 300} ms`, met: done <= TSA_DELAY_MS + 300 },
    ];
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => tsa.close(() => resolve()));
    const base = new URL(dbUrl);
    base.search = "";
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}
