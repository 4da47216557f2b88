// The Redis row of npm run bench: what counting the rate limits in Redis (several instances) costs
// against counting them in process memory.
import path from "node:path";
import { startServer, type RunningServer } from "../tests/api/server";
import type { Row } from "./bench-row";
import { cannon, measureServer, type Cannon } from "./load";

/**
 * The shared limiter's price: GET /v1/me on this server (limits in process memory) and on a second
 * instance of the same database counting in Redis (REDIS_URL), measured alternately twice, the better
 * run of each kept (the host's speed drifts). Target: ≤ 10 % fewer requests a second.
 */
export async function redisLimiterCost(env: Record<string, string>, auth: Record<string, string>, ceiling: number): Promise<Row[]> {
  // Two fresh instances on the same database, alike but for REDIS_URL: the main server carries the
  // earlier measurements' leftovers (documents, timestamps, webhooks still being worked off).
  const withMemory = await startServer(env, path.join(env.DATA_DIR!, "memory.log"));
  const withRedis = await startServer({ ...env, REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379" }, path.join(env.DATA_DIR!, "redis.log"));
  // cannon() counts the CPU time of the instance under load, and of the main server again after.
  const mainPid = measureServer(undefined);
  const on = async (s: RunningServer) => {
    measureServer(s.child.pid);
    return cannon(`${s.url}/v1/me`, { headers: auth });
  };
  try {
    const runs = { memory: [] as Cannon[], redis: [] as Cannon[] };
    for (let i = 0; i < 2; i++) {
      // Each round in the other order, so that neither instance always runs second.
      const first = i % 2 === 0 ? "memory" : "redis";
      const second = first === "memory" ? "redis" : "memory";
      runs[first].push(await on(first === "memory" ? withMemory : withRedis));
      runs[second].push(await on(second === "memory" ? withMemory : withRedis));
    }
    console.error("GET /v1/me req/s, memory:", runs.memory.map((r) => Math.round(r.rps)), "redis:", runs.redis.map((r) => Math.round(r.rps)));
    const best = (xs: Cannon[]) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const memory = best(runs.memory);
    const redis = best(runs.redis);
    const cost = 1 - redis.rps / memory.rps;
    return [
      { name: "GET /v1/me, limits in process memory (best of 2)", ...memory, ratio: memory.rps / ceiling, target: "—", met: true },
      { name: `GET /v1/me, limits in Redis (best of 2; ${(cost * 100).toFixed(1)} % fewer req/s)`, ...redis, ratio: redis.rps / ceiling, target: "≤ 10 % fewer req/s", met: cost <= 0.1 },
    ];
  } finally {
    measureServer(mainPid);
    await Promise.all([withMemory.stop(), withRedis.stop()]);
  }
}
