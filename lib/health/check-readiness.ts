// GET /api/ready (decisions §16): may this instance take traffic? The database answers, every
// migration in this build is applied, and the document storage takes a write. Each check is bounded
// in time, so a hung dependency makes the answer 503, never a request that hangs.
import { appliedMigrations, pingDatabase } from "@/lib/db/readiness";
import { listMigrations } from "@/lib/db/migrate";
import { fileStorage } from "@/lib/storage/file-storage";

export interface Readiness {
  ready: boolean;
  checks: Record<"database" | "migrations" | "storage", { ok: boolean; error?: string }>;
}

const CHECK_TIMEOUT_MS = 3_000;

async function bounded(fn: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS))),
    ]);
    return { ok: true };
  } catch (err) {
    // The error's message only: it names a host or a setting, never personal data.
    return { ok: false, error: err instanceof Error ? err.message.split("\n")[0]!.slice(0, 200) : "failed" };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(): Promise<Readiness> {
  const database = await bounded(pingDatabase);
  const migrations = database.ok
    ? await bounded(async () => {
        const applied = await appliedMigrations();
        const missing = listMigrations().filter((m) => !applied.has(m.name));
        if (missing.length) throw new Error(`${missing.length} migration(s) not applied: ${missing.map((m) => m.name).join(", ")}`);
      })
    : { ok: false, error: "database unreachable" };
  const storage = await bounded(() => fileStorage().check());
  return { ready: database.ok && migrations.ok && storage.ok, checks: { database, migrations, storage } };
}
