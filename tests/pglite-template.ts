// The embedded database a test starts from: PGlite's initdb and every migration once per set of
// migrations, then a copy for each test database or server (~5 s of CPU each made fresh, a few ms
// copied; a CI run makes ~40). The copy is what lib/db itself made (prepareDb in a child process), so
// a server opening it finds every migration applied. Tests of a fresh directory's start (the admin
// CLI's, lib/start-server's) do not use it.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";

import { listMigrations } from "@/lib/db/migrate";

const ROOT = path.resolve(import.meta.dirname, "..");
const PREFIX = "eonam-pglite-template-";

/** One folder per set of migrations (their names and checksums, as migrate() records them), migration code and PGlite version. */
const templateDir = (() => {
  let dir: string | undefined;
  return (): string => {
    if (dir) return dir;
    const h = createHash("sha256");
    for (const m of listMigrations(path.join(ROOT, "prisma", "migrations"))) h.update(`${m.name} ${m.checksum}\n`);
    for (const file of ["lib/db/migrate.ts", "node_modules/@electric-sql/pglite/package.json"]) h.update(fs.readFileSync(path.join(ROOT, file)));
    return (dir = path.join(os.tmpdir(), `${PREFIX}${h.digest("hex").slice(0, 16)}`));
  };
})();

/** Made in a folder of its own and renamed into place whole: test files starting together may race. */
function build(template: string): void {
  const work = `${template}.${process.pid}-${randomBytes(3).toString("hex")}`;
  fs.mkdirSync(work, { recursive: true });
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: work, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    delete env.PGLITE_DIR;
    execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--eval", `import(${JSON.stringify(path.join(ROOT, "lib/db.ts"))}).then(async ({ prepareDb, closeDb }) => { await prepareDb(); await closeDb(); });`], { cwd: ROOT, env, stdio: "pipe" });
    try {
      fs.renameSync(path.join(work, "pglite"), template);
    } catch (err) {
      if (!fs.existsSync(template)) throw err;
    }
    forgetOldTemplates(template);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Templates of earlier migrations, untouched for a day, go when a new one is made. */
function forgetOldTemplates(current: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (dir === current || !new RegExp(`^${PREFIX}[0-9a-f]{16}$`).test(name)) continue;
    if (Date.now() - fs.statSync(dir).mtimeMs > 86_400_000) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts a migrated embedded database where lib/db opens it for DATA_DIR=dataDir (unless one is there). */
export function seedPglite(dataDir: string): void {
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target)) return;
  const template = templateDir();
  if (!fs.existsSync(template)) build(template);
  fs.cpSync(template, target, { recursive: true });
}

/**
 * A migrated embedded database of the test's own, opened in this process: a copy of the template in a
 * temporary folder (~0.4 s of CPU, where a fresh PGlite's initdb alone is ~7 s). `close` also removes
 * the folder.
 */
export async function openTemplatePglite(prefix: string): Promise<{ db: PGlite; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `eonam-${prefix}-`));
  seedPglite(dir);
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(dir, "pglite"));
  return {
    db,
    async close() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
