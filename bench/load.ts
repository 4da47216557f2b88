// The load of npm run bench: autocannon at CONNECTIONS connections after a warm-up, reads sent at an
// even rate, and the CPU time the measured server spent per request (bench/run.ts and the other rows).
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { median } from "./bench-row";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
export const CONNECTIONS = 32;

let serverPid: number | undefined;

/** Points the CPU measurement of cannon() at this server process; returns the one measured before. */
export function measureServer(pid: number | undefined): number | undefined {
  const before = serverPid;
  serverPid = pid;
  return before;
}

/**
 * CPU time the server process has used (user + system, ms), from /proc: divided by the requests a
 * run served, it is a steadier measure than req/s on a shared 2-core machine, where the load
 * generator and PostgreSQL compete with the server.
 */
function serverCpuMs(): number | undefined {
  if (serverPid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${serverPid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/**
 * One endpoint under autocannon, after WARMUP seconds of the same load that are not counted: a
 * freshly started server runs each route's code unoptimized at first (V8 compiles hot code as it
 * runs), which measured 10–30% below the same route a few seconds later.
 */
export async function cannon(url: string, opts: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; connections?: number } = {}) {
  const load = { url, connections: opts.connections ?? CONNECTIONS, method: opts.method ?? "GET", headers: opts.headers, body: opts.body };
  await autocannon({ ...load, duration: WARMUP });
  const cpu0 = serverCpuMs();
  const r = await autocannon({ ...load, duration: DURATION });
  const cpu1 = serverCpuMs();
  const bad = r.non2xx + r.errors + r.timeouts;
  const cpuMs = cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: bad, cpuMs };
}


export type Cannon = Awaited<ReturnType<typeof cannon>>;

/** GET requests sent at an even rate (one every 1/rate s on keep-alive connections) for DURATION s. */
export async function evenReads(target: string, headers: Record<string, string>, rate: number): Promise<{ rps: number; p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // A kept-alive socket the server closes (idle past its keep-alive timeout) just as it is reused
  // resets: that read is sent again, from its first attempt's time (Node's documented remedy).
  const once = (t = performance.now()): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(target, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - t));
      });
      req.on("error", (err: NodeJS.ErrnoException) => (req.reusedSocket && err.code === "ECONNRESET" ? once(t).then(resolve, reject) : reject(err)));
    });
  const latencies: number[] = [];
  const sent: Promise<void>[] = [];
  const t0 = performance.now();
  for (let k = 0; performance.now() - t0 < DURATION * 1000; k++) {
    const wait = t0 + (k * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(once().then((ms) => void latencies.push(ms)));
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / DURATION, p50: median(latencies), p99: latencies[Math.floor(latencies.length * 0.99)]! };
}
