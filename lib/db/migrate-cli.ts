// npm run db:migrate — applies pending migrations to the configured database and exits.
import { closeDb, dbHandle } from "@/lib/db";
import { DatabaseLockedError } from "@/lib/db/lock";
import { migrate, MigrationError } from "@/lib/db/migrate";
import { env, EnvError } from "@/lib/env";

async function main(): Promise<number> {
  try {
    const handle = dbHandle();
    const applied = await handle.withSql((sql) => migrate(sql));
    const where = env().embedded ? env().PGLITE_DIR : "PostgreSQL (DATABASE_URL)";
    console.log(applied.length ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}` : `${where} is up to date.`);
    return 0;
  } catch (err) {
    if (err instanceof EnvError || err instanceof DatabaseLockedError || err instanceof MigrationError) {
      console.error(err.message);
      return err instanceof DatabaseLockedError ? 3 : 2;
    }
    console.error(`Migration failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await closeDb().catch(() => undefined);
  }
}

// PGlite leaves timers armed; exit explicitly once the database is closed.
process.exit(await main());
