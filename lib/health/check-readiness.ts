// GET /api/ready (decisions §16): may this instance take traffic? The database answers, every
// migration in this build is applied, and the document storage takes a write. Each check is bounded
// in time, so a hung dependency makes the answer 503, never a request that hangs.
//
// The endpoint is public and unlimited, and its storage check writes an object: one answer is kept
// for READY_CACHE_MS and shared by every request in that time (those arriving while a check runs wait
// for it), so a burst of probes — or a stranger's loop — costs one check, one probe object, per period.
import { appliedMigrations, pingDatabase } from "@/lib/db/readiness";
import { listMigrations } from "@/lib/db/migrate";
import { fileStorage } from "@/lib/storage/file-storage";
import { logger } from "@/lib/log";

interface Readiness {
  ready: boolean;
  checks: Record<"database" | "migrations" | "storage", { ok: boolean; error?: string }>;
}

const CHECK_TIMEOUT_MS = 3_000;

/**
 * Runs one check within CHECK_TIMEOUT_MS. The answer is public (no credentials, decisions §16), so it
 * says only which check failed, in words of its own: a driver's message names hosts, ports, paths
 * and users, and goes to the log alone.
 */
async function bounded(check: keyof Readiness["checks"], failure: string, fn: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
    ]);
    return { ok: true };
  } catch (err) {
    logger().warn({ check, err: err instanceof Error ? err.message.split("\n")[0]!.slice(0, 500) : String(err) }, "readiness check failed");
    return { ok: false, error: failure };
  } finally {
    clearTimeout(timer);
  }
}

/** The three checks, as readiness runs them (a test gives its own). */
export interface ReadinessChecks {
  database: () => Promise<void>;
  migrations: () => Promise<void>;
  storage: () => Promise<void>;
}

const CHECKS: ReadinessChecks = {
  database: pingDatabase,
  migrations: async () => {
    const applied = await appliedMigrations();
    const missing = listMigrations().filter((m) => !applied.has(m.name));
    if (missing.length) throw new Error(`${missing.length} migration(s) not applied: ${missing.map((m) => m.name).join(", ")}`);
  },
  storage: () => fileStorage().check(),
};

/** A load balancer probing every second still sees a change within two seconds. */
export const READY_CACHE_MS = 1_500;

async function runChecks(checks: ReadinessChecks): Promise<Readiness> {
  const database = await bounded("database", "database unreachable", checks.database);
  const migrations = database.ok ? await bounded("migrations", "migrations not applied", checks.migrations) : { ok: false, error: "database unreachable" };
  const storage = await bounded("storage", "storage not writable", checks.storage);
  return { ready: database.ok && migrations.ok && storage.ok, checks: { database, migrations, storage } };
}

/** Readiness answered from one check per `ttlMs`: the check in flight, or the last one while it is fresh. */
export function cachedReadiness(checks: ReadinessChecks, ttlMs = READY_CACHE_MS, clock: () => number = Date.now): () => Promise<Readiness> {
  let last: { at: number; answer: Promise<Readiness> } | undefined;
  return () => {
    const at = clock();
    if (!last || at - last.at >= ttlMs) {
      // bounded() never rejects, so a cached answer is never a rejected promise.
      last = { at, answer: runChecks(checks) };
    }
    return last.answer;
  };
}

export const checkReadiness = cachedReadiness(CHECKS);
