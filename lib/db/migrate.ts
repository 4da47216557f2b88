// Applies prisma/migrations/*/migration.sql on PGlite and PostgreSQL alike, recording Prisma-compatible
// rows in _prisma_migrations so that `prisma migrate status` agrees. (Prisma's own migrate path is
// broken on @prisma/adapter-pg 6.19, prisma/orm#27403, and cannot run inside the server on PGlite.)
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SqlRunner {
  /** runs one or more statements without parameters */
  exec(sql: string): Promise<void>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
// An arbitrary constant: servers starting together on one PostgreSQL migrate one at a time.
const ADVISORY_LOCK_ID = 727_001;

export class MigrationError extends Error {}

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(db: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  await db.rows(`SELECT pg_advisory_lock($1)`, [ADVISORY_LOCK_ID]);
  try {
    const done = await db.rows<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
    const ran: string[] = [];
    for (const m of listMigrations(dir)) {
      const known = applied.get(m.name);
      if (known !== undefined) {
        if (known !== m.checksum) {
          throw new MigrationError(`Migration ${m.name} was changed after it was applied (checksum differs).`);
        }
        continue;
      }
      await db.exec("BEGIN");
      try {
        await db.exec(m.sql);
        await db.rows(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await db.exec("COMMIT");
      } catch (err) {
        await db.exec("ROLLBACK");
        throw new MigrationError(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await db.rows(`SELECT pg_advisory_unlock($1)`, [ADVISORY_LOCK_ID]);
  }
}
