// Fixed one-minute windows per API key (and per client address for failed authentication).
// Kept in process memory: with several instances, each enforces the limit on its own share.

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets */
  reset: number;
}

const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();

export function hit(bucket: string, limit: number, now = Date.now()): RateLimitResult {
  let w = windows.get(bucket);
  if (!w || now - w.start >= WINDOW_MS) {
    if (windows.size > 50_000) prune(now);
    w = { start: now, count: 0 };
    windows.set(bucket, w);
  }
  w.count++;
  return {
    allowed: w.count <= limit,
    limit,
    remaining: Math.max(0, limit - w.count),
    reset: Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)),
  };
}

function prune(now: number): void {
  for (const [k, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(k);
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.reset),
  };
}
