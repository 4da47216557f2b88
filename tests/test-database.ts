// For tests that run lib/ code in their own process on a real database: PGlite in a fresh folder (a
// copy of the migrated template, tests/pglite-template.ts), or,
// with TEST_DATABASE_URL, a fresh PostgreSQL schema. Call before lib/db is first imported: the
// settings are read once.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedPglite } from "./pglite-template";

export function useTestDatabase(prefix: string, settings: Record<string, string> = {}): { dataDir: string; cleanup(): Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `eonam-${prefix}-`));
  const schema = `${prefix}_${randomBytes(4).toString("hex")}`;
  const pgUrl = process.env.TEST_DATABASE_URL;
  Object.assign(process.env, { DATA_DIR: dataDir, TEST_CLOCK: "1", LOG_LEVEL: "silent", ...settings });
  delete process.env.PGLITE_DIR;
  if (pgUrl) {
    const u = new URL(pgUrl);
    u.searchParams.set("schema", schema);
    process.env.DATABASE_URL = u.toString();
  } else {
    delete process.env.DATABASE_URL;
    seedPglite(dataDir);
  }
  return {
    dataDir,
    async cleanup() {
      const { closeDb, db } = await import("@/lib/db");
      if (pgUrl) await db().$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await closeDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
