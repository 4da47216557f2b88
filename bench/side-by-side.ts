// npm run bench:side-by-side -- <other checkout> — the consent read's ratio to the ceiling for this
// checkout and another (each with its own `npm run build`), both servers up at once and measured in
// alternating slices, so that the host's drift (±20 % between runs on the shared 2-core machine)
// falls on both alike. BENCH_PATH=fhir measures the FHIR read; BENCH_ROUNDS (8) and BENCH_SLICE (4 s).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { median } from "./bench-row";
import { CONNECTIONS } from "./load";
import { apiHeaders, CONSENT_BODY } from "./sign-flow";

const BASE_DB = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SLICE = Number(process.env.BENCH_SLICE ?? 4);
const FHIR = process.env.BENCH_PATH === "fhir";

interface Side {
  name: string;
  ping: string;
  read: string;
  headers: Record<string, string>;
  ratios: number[];
  stop(): Promise<unknown>;
}

async function start(checkout: string): Promise<Side> {
  // Each checkout's own helper, so that its server runs from its own build.
  const { startSeededServer } = (await import(path.join(checkout, "tests/api/server.ts"))) as typeof import("../tests/api/server");
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const url = new URL(BASE_DB);
  url.searchParams.set("schema", schema);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-side-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), APP_SECRET: randomBytes(32).toString("base64url"), APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"), SMS_DRIVER: "file", RATE_LIMIT_PER_MINUTE: "100000000", LOG_LEVEL: "warn" };
  const { server, key } = await startSeededServer(env, path.join(dataDir, "server.log"));
  const headers = apiHeaders(key);
  const created = (await (await fetch(`${server.url}/v1/consents`, { method: "POST", headers, body: CONSENT_BODY })).json()) as { id: string };
  const read = FHIR ? `${server.url}/fhir/r4/Consent/${created.id.replaceAll("_", "-")}` : `${server.url}/v1/consents/${created.id}`;
  return { name: checkout, ping: `${server.url}/api/ping`, read, headers, ratios: [], stop: () => server.stop() };
}

async function rps(url: string, headers: Record<string, string> | undefined, duration: number): Promise<number> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other || !fs.existsSync(path.join(other, ".next", "BUILD_ID"))) throw new Error("usage: npm run bench:side-by-side -- <another checkout, built>");
  const sides = [await start(path.resolve(import.meta.dirname, "..")), await start(path.resolve(other))];
  try {
    for (const s of sides) {
      await rps(s.ping, undefined, 3);
      await rps(s.read, s.headers, 3);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...sides].reverse() : sides) {
        const ceiling = await rps(s.ping, undefined, SLICE);
        const read = await rps(s.read, s.headers, SLICE);
        s.ratios.push(read / ceiling);
        console.log(`round ${round + 1}  ${s.name}: ceiling ${ceiling.toFixed(0)} req/s, read ${read.toFixed(0)} req/s, ${(read / ceiling).toFixed(2)}×`);
      }
    }
    for (const s of sides) console.log(`${s.name}: median ${median(s.ratios).toFixed(2)}× of ${ROUNDS} rounds (${Math.min(...s.ratios).toFixed(2)}–${Math.max(...s.ratios).toFixed(2)})`);
  } finally {
    for (const s of sides) await s.stop();
  }
}

await main();
