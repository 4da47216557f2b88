// The embedded server's memory (issue 18: ≤ 400 MB RSS idle): `next start` on a fresh PGlite
// directory, 100 consents created and signed (documents rendered, timestamps taken), then the
// resident set size once the server has been idle for IDLE_SECONDS (past PDF_WORKER_IDLE, 2 min).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT, startSeededServer } from "../tests/api/server";
import { apiHeaders, createAndSign } from "./sign-flow";

const CONSENTS = Number(process.env.BENCH_MEMORY_CONSENTS ?? 100);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 130);

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

/** BENCH_MEMORY_DETAIL=1: where the memory is, from the server's own metrics. */
async function printDetail(url: string): Promise<void> {
  const text = await (await fetch(`${url}/api/metrics`)).text();
  console.log(text.split("\n").filter((l) => /^eonam_(nodejs_heap_size|nodejs_external|process_resident)/.test(l)).join("\n"));
}

export async function embeddedIdleRss(): Promise<{ afterStart: number; afterConsents: number; idle: number }> {
  const dataDir = path.join(ROOT, "test-data", `bench-memory-${randomBytes(3).toString("hex")}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, SMS_DRIVER: "file", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "100000", TSA_RETRY_SCHEDULE: "0", METRICS_PUBLIC: "1" };
  delete process.env.DATABASE_URL;
  const { server, key } = await startSeededServer(env, path.join(dataDir, "server.log"));
  try {
    const pid = server.child.pid!;
    const afterStart = rssMb(pid);
    if (process.env.BENCH_MEMORY_DETAIL === "1") await printDetail(server.url);
    const auth = apiHeaders(key);
    for (let i = 0; i < CONSENTS; i++) {
      const body = JSON.stringify({ sablon_kod: "genel-tibbi-mudahale", adsoyad: `Hasta ${i} Yılmaz`, telefon: "0532 123 45 67", sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" } });
      await createAndSign(server.url, auth, body, dataDir);
    }
    const afterConsents = rssMb(pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    if (process.env.BENCH_MEMORY_DETAIL === "1") await printDetail(server.url);
    return { afterStart, afterConsents, idle: rssMb(pid) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await embeddedIdleRss());
}
