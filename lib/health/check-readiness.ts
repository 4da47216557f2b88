// GET /api/ready (decisions §16): may this instance take traffic? The database answers, every
// migration in this build is applied, and the document storage takes a write. Each check is bounded
// in time, so a hung dependency makes the answer 503, never a request that hangs.
import { appliedMigrations, pingDatabase } from "@/lib/db/readiness";
import { listMigrations } from "@/lib/db/migrate";
import { fileStorage } from "@/lib/storage/file-storage";
import { logger } from "@/lib/log";

export interface Readiness {
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

export async function checkReadiness(): Promise<Readiness> {
  const database = await bounded("database", "database unreachable", pingDatabase);
  const migrations = database.ok
    ? await bounded("migrations", "migrations not applied", async () => {
        const applied = await appliedMigrations();
        const missing = listMigrations().filter((m) => !applied.has(m.name));
        if (missing.length) throw new Error(`${missing.length} migration(s) not applied: ${missing.map((m) => m.name).join(", ")}`);
      })
    : { ok: false, error: "database unreachable" };
  const storage = await bounded("storage", "storage not writable", () => fileStorage().check());
  return { ready: database.ok && migrations.ok && storage.ok, checks: { database, migrations, storage } };
}
