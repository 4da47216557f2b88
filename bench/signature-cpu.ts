// Where a signature's CPU goes, per thread of the server (`npx tsx bench/signature-cpu.ts`): consents
// created and confirmed by their code beforehand are signed at BENCH_SIGNING_RATE a second (default
// 10, below the 2-core machine's knee), and the CPU each thread of the server used (from /proc), with
// PostgreSQL's and this driver's, is divided by the signatures. On PostgreSQL (TEST_DATABASE_URL,
// a fresh schema) or PGlite. The answer to "why is 20 a second beside reads out of reach here".
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ownDatabase, ROOT, startSeededServer } from "../tests/api/server";
import { apiHeaders, CONSENT_BODY, prepareConsent, sign } from "./sign-flow";

const SIGNATURES = Number(process.env.BENCH_SIGNATURES ?? 300);
const RATE = Number(process.env.BENCH_SIGNING_RATE ?? 10);
// A fresh document thread takes ~100 documents to reach its pace (V8 optimizing the renderer).
const WARMUP = Number(process.env.BENCH_WARMUP_SIGNATURES ?? 200);
if (!(SIGNATURES > 0 && RATE > 0)) throw new Error("BENCH_SIGNATURES and BENCH_SIGNING_RATE must be positive numbers");

/** CPU ms from a /proc stat file (clock ticks of 10 ms): utime + stime, and with `children` the exited children's too. */
function cpuMs(statFile: string, children = false): number {
  const f = fs.readFileSync(statFile, "utf8").split(") ")[1]!.split(" ").map(Number);
  return (f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0)) * 10;
}

/**
 * The server's threads grouped by what they do: the main thread, the document workers (piscina
 * threads carry the process title), V8's and libuv's helpers; then PostgreSQL's processes and this driver.
 */
function sample(pid: number): Map<string, number> {
  const m = new Map<string, number>();
  const add = (k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const group = tid === String(pid) ? "main thread" : comm.startsWith("next-server") ? "document worker" : comm.startsWith("libuv") ? "libuv pool" : "V8 helpers (GC, compiler)";
      add(group, cpuMs(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  for (const p of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (fs.readFileSync(`/proc/${p}/comm`, "utf8").startsWith("postgres")) add("PostgreSQL", cpuMs(`/proc/${p}/stat`, true)); // the postmaster counts its ended backends
    } catch {
      // a process that ended meanwhile
    }
  }
  const self = process.cpuUsage();
  add("this driver", (self.user + self.system) / 1000);
  return m;
}

async function main(): Promise<void> {
  const dataDir = path.join(ROOT, "test-data", `bench-cpu-${randomBytes(3).toString("hex")}`);
  const db = ownDatabase(dataDir, "cpu");
  const env = { ...db.env, APP_SECRET: randomBytes(32).toString("base64url"), APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"), SMS_DRIVER: "file", RATE_LIMIT_PER_MINUTE: "100000000", LOG_LEVEL: "warn", TSA_RETRY_SCHEDULE: "0" };
  const { server, key } = await startSeededServer(env, path.join(dataDir, "server.log"));
  try {
    const auth = apiHeaders(key);
    const ready = [];
    for (let i = 0; i < SIGNATURES + WARMUP; i++) ready.push(await prepareConsent(server.url, auth, CONSENT_BODY, dataDir));
    // V8 compiles the rendering code as it runs: the first documents cost more than the rest.
    for (const r of ready.splice(0, WARMUP)) await sign(server.url, r);
    const settle = () => new Promise((r) => setTimeout(r, 3000));
    await settle();
    const pid = server.child.pid!;
    const before = sample(pid);
    const t0 = performance.now();
    const answered: Promise<unknown>[] = [];
    for (const r of ready) {
      answered.push(sign(server.url, r));
      await new Promise((res) => setTimeout(res, 1000 / RATE));
    }
    await Promise.all(answered);
    await settle(); // timestamps and webhooks after the last answer
    const after = sample(pid);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`${SIGNATURES} signatures at ${RATE}/s (${seconds.toFixed(1)} s); CPU ms per signature:`);
    const per = [...after].map(([k, v]) => [k, (v - (before.get(k) ?? 0)) / SIGNATURES] as const).sort((a, b) => b[1] - a[1]);
    for (const [k, ms] of per) console.log(`${ms.toFixed(1).padStart(7)}  ${k}`);
    const serverMs = per.filter(([k]) => k !== "PostgreSQL" && k !== "this driver").reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`${serverMs.toFixed(1).padStart(7)}  the server in all: ${((serverMs * 20) / 1000).toFixed(2)} cores at 20 signatures a second`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
