// Migration 20261126150000_transparency_log on a database that already holds evidence records:
// they become the first leaves, in the order they were written, and the records written after the
// migration follow them. On an in-memory PGlite, migrated the way the server migrates.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR, type SqlRunner } from "@/lib/db/migrate";

const LOG_MIGRATION = "20261126150000_transparency_log";
const pg = new PGlite();
const runner: SqlRunner = { exec: async (sql) => void (await pg.exec(sql)), rows: async (sql, params) => (await pg.query(sql, params)).rows as never };
const before = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-migrations-"));
afterAll(async () => {
  await pg.close();
  fs.rmSync(before, { recursive: true, force: true });
});

const leaf = (hex: string) => createHash("sha256").update(Buffer.of(0)).update(Buffer.from(hex, "hex")).digest("hex");
const insertEvents = (hashes: string[], from: number) =>
  pg.query(
    `INSERT INTO consent_events (consent_id, tenant_id, seq, event, at, actor, hash)
     SELECT 'c1', 'a', $2::int + n::int, 'goruntulendi', '2026-11-26 10:00:00', 'system', h FROM unnest($1::text[]) WITH ORDINALITY AS t(h, n)`,
    [hashes, from],
  );

describe("the transparency log's migration", () => {
  it("appends the records written before it, in their order, and later ones after them", async () => {
    for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < LOG_MIGRATION && !n.endsWith(".toml"))) {
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
    }
    await migrate(runner, before);
    await pg.exec(`
      INSERT INTO tenants (id, code, name, updated_at) VALUES ('a', 'a', 'A', now());
      INSERT INTO templates (id, tenant_id, code, title, body, updated_at) VALUES ('tpl', 'a', 'kod', 'T', 'x', now());
      INSERT INTO template_versions (id, template_id, tenant_id, version, title, category, type, body_type, body, variables,
        wet_signature_required, content_hash) VALUES ('tv', 'tpl', 'a', 1, 'T', 'genel', 'onam', 'html', 'x', '[]', false, 'h');
      INSERT INTO consents (id, tenant_id, template_id, template_version_id, template_code, template_version, content_sha256,
        link_token, short_code, expires_at, updated_at) VALUES ('c1', 'a', 'tpl', 'tv', 'kod', 1, 'x', 'tok', 'k1', now(), now());`);
    const old = Array.from({ length: 5 }, () => randomBytes(32).toString("hex"));
    await insertEvents(old, 0);

    expect(await migrate(runner)).toEqual([LOG_MIGRATION, ...fs.readdirSync(MIGRATIONS_DIR).filter((n) => n > LOG_MIGRATION && !n.endsWith(".toml")).sort()]);
    const later = Array.from({ length: 3 }, () => randomBytes(32).toString("hex"));
    await insertEvents(later, old.length);

    const leaves = (await pg.query<{ idx: number; hash: string }>(`SELECT idx::int AS idx, encode(hash, 'hex') AS hash FROM log_nodes WHERE level = 0 ORDER BY idx`)).rows;
    expect(leaves).toEqual([...old, ...later].map((h, idx) => ({ idx, hash: leaf(h) })));
    expect((await pg.query<{ size: number }>(`SELECT size::int AS size FROM log_head`)).rows).toEqual([{ size: 8 }]);
    // the subtrees the backfill and the trigger completed: [0,8) at level 3
    expect((await pg.query(`SELECT level, idx::int AS idx FROM log_nodes WHERE level > 0 ORDER BY level, idx`)).rows).toEqual([
      { level: 1, idx: 0 }, { level: 1, idx: 1 }, { level: 1, idx: 2 }, { level: 1, idx: 3 },
      { level: 2, idx: 0 }, { level: 2, idx: 1 },
      { level: 3, idx: 0 },
    ]);
  });
});
