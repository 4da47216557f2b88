// Every rate limit of the service goes through hit(): fixed windows counted in Redis when REDIS_URL
// is set (shared by all instances, decisions §16), in process memory otherwise. When Redis does not
// answer, the count falls back to process memory with a logged warning rather than failing requests,
// except for the limits that guard a secret (OTP codes, panel passwords: `failClosed`): per-process
// counts would multiply their allowance by the number of instances, so those refuse with 503 instead.
// Bucket names may hold addresses, tokens or phone numbers: only their keyed digests become keys.
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { hmacHex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets */
  reset: number;
}

let redis: Redis | undefined;
/** the first connection attempt, waited for once so that a starting instance counts in Redis too */
let firstConnect: Promise<unknown> | undefined;
// Per module instance, not on globalThis: a limiter made by another bundle's copy of
// rate-limiter-flexible rejects with a RateLimiterRes that fails this copy's instanceof, and was let
// through as "Redis not answering" (every panel action past the limit went through). Counts one
// address shares between route handlers and pages (the public verify and the status page, §25) meet
// in Redis; without it each bundle counts its own.
const limiters = new Map<string, RateLimiterAbstract>();
let lastWarning = 0;

/** How long a refused caller is told to wait while the shared limits cannot be counted. */
export const LIMITS_RETRY_AFTER_S = 30;

interface HitOptions {
  /**
   * With REDIS_URL set and Redis not answering, refuse (503 `service_unavailable`, retry_after)
   * instead of counting in this process alone (decisions §16).
   */
  failClosed?: boolean;
}

/** 503 for a limit that cannot be counted across instances now. */
function limitsUnavailableError(): AppError {
  return new AppError("service_unavailable", undefined, undefined, { retry_after: LIMITS_RETRY_AFTER_S, reason: "limits_unavailable" });
}

function warnFallback(reason: string): void {
  // At most one warning a minute, however many requests fall back.
  if (Date.now() - lastWarning < 60_000) return;
  lastWarning = Date.now();
  logger().warn({ reason }, "Redis unavailable: rate limits are counted per process until it answers");
}

function redisClient(url: string): Redis {
  if (!redis) {
    redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false });
    redis.on("error", (err: Error) => warnFallback(err.message));
    const r = redis;
    firstConnect = Promise.race([
      new Promise((resolve) => (r.once("ready", resolve), r.once("error", resolve))),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
  }
  return redis;
}

function limiterFor(limit: number, windowSeconds: number): RateLimiterAbstract {
  const name = `${limit}:${windowSeconds}`;
  let limiter = limiters.get(name);
  if (!limiter) {
    const opts = { points: limit, duration: windowSeconds, keyPrefix: `rl:${name}` };
    const memory = new RateLimiterMemory(opts);
    const url = env().REDIS_URL;
    limiter = url
      ? new RateLimiterRedis({ ...opts, storeClient: redisClient(url), rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    limiters.set(name, limiter);
  }
  return limiter;
}

/** Counts one request against `bucket`: at most `limit` per window of `windowSeconds`. */
export function hit(bucket: string, limit: number, windowSeconds = 60, options: HitOptions = {}): Promise<RateLimitResult> {
  return count(bucket, limit, windowSeconds, true, options);
}

/** Where `bucket` stands, without counting anything (`allowed` false once `limit` was reached). */
export function peek(bucket: string, limit: number, windowSeconds = 60, options: HitOptions = {}): Promise<RateLimitResult> {
  return count(bucket, limit, windowSeconds, false, options);
}

/** Throws limitsUnavailableError() when limits are shared through Redis and Redis is not answering now. */
export async function assertSharedLimits(): Promise<void> {
  const url = env().REDIS_URL;
  if (!url) return;
  redisClient(url);
  if (firstConnect) await firstConnect;
  if (redis?.status !== "ready") {
    warnFallback(`connection ${redis?.status ?? "absent"}`);
    throw limitsUnavailableError();
  }
}

async function count(bucket: string, limit: number, windowSeconds: number, consume: boolean, options: HitOptions): Promise<RateLimitResult> {
  const key = hmacHex(env().APP_SECRET, `rate-limit:${bucket}`).slice(0, 40);
  const limiter = limiterFor(limit, windowSeconds);
  if (firstConnect) await firstConnect;
  if (options.failClosed) await assertSharedLimits();
  let res: RateLimiterRes | null;
  let allowed = true;
  try {
    res = consume ? await limiter.consume(key) : await limiter.get(key);
    if (!consume && res) allowed = res.consumedPoints < limit;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) {
      if (options.failClosed && env().REDIS_URL) throw limitsUnavailableError();
      // Neither Redis nor the memory insurance answered: let the request through rather than fail it.
      warnFallback(err instanceof Error ? err.message : String(err));
      return { allowed: true, limit, remaining: limit, reset: windowSeconds };
    }
    res = err;
    allowed = false;
  }
  if (limiter instanceof RateLimiterRedis && redis?.status !== "ready") {
    warnFallback(`connection ${redis?.status ?? "absent"}`);
    // Redis went away during the call: the count above was this process's alone.
    if (options.failClosed) throw limitsUnavailableError();
  }
  if (!res) return { allowed: true, limit, remaining: limit, reset: windowSeconds };
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - res.consumedPoints),
    reset: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.reset),
  };
}

/** Closes the Redis connection (tests, shutdown). */
export async function closeRateLimits(): Promise<void> {
  limiters.clear();
  const r = redis;
  redis = undefined;
  firstConnect = undefined;
  if (r) await r.quit().catch(() => r.disconnect());
}
