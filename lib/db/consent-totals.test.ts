// The triggers of migration 20261122230000 keep consent_totals equal to each tenant's number of
// consents: single and bulk inserts, deletes, and tenants kept apart. On a PGlite with every
// migration applied as the server applies them: a copy of the template prepareDb migrated
// (tests/pglite-template.ts), which migrate() finds current.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openTemplatePglite } from "@/tests/pglite-template";

const pglite = await openTemplatePglite("totals");
const pg = pglite.db;
const totals = async () =>
  Object.fromEntries(
    (await pg.query<{ tenant_id: string; n: number }>(`SELECT tenant_id, sum(n)::int AS n FROM consent_totals GROUP BY tenant_id`)).rows.map((r) => [r.tenant_id, r.n]),
  );
const insert = (tenant: string, from: number, count: number) =>
  pg.query(
    `INSERT INTO consents (id, tenant_id, template_id, template_version_id, template_code, template_version, content_sha256,
       link_token, short_code, expires_at, updated_at)
     SELECT $1 || '-' || g, $1, 'tpl', 'tv', 'kod', 1, 'x', $1 || '-tok-' || g, $1 || '-k-' || g, now(), now()
     FROM generate_series($2::int, $2::int + $3::int - 1) AS g`,
    [tenant, from, count],
  );

beforeAll(async () => {
  await migrate({ exec: async (sql) => void (await pg.exec(sql)), rows: async (sql, params) => (await pg.query(sql, params)).rows as never });
  await pg.exec(`
    INSERT INTO tenants (id, code, name, updated_at) VALUES ('a', 'a', 'A', now()), ('b', 'b', 'B', now());
    INSERT INTO templates (id, tenant_id, code, title, body, updated_at) VALUES ('tpl', 'a', 'kod', 'T', 'x', now());
    INSERT INTO template_versions (id, template_id, tenant_id, version, title, category, type, body_type, body, variables,
      wet_signature_required, content_hash) VALUES ('tv', 'tpl', 'a', 1, 'T', 'genel', 'onam', 'html', 'x', '[]', false, 'h');`);
});
afterAll(() => pglite.close());

describe("consent_totals", () => {
  it("counts single and bulk inserts per tenant, and deletes", async () => {
    expect(await totals()).toEqual({});
    await insert("a", 1, 1);
    await insert("a", 2, 1);
    await insert("a", 3, 500);
    await insert("b", 1, 7);
    expect(await totals()).toEqual({ a: 502, b: 7 });
    await pg.query(`DELETE FROM consents WHERE tenant_id = 'a' AND id LIKE 'a-1%'`); // a-1, a-10…a-19, a-100…a-199
    const [{ n }] = (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM consents WHERE tenant_id = 'a'`)).rows as [{ n: number }];
    expect(n).toBe(502 - 111);
    expect(await totals()).toEqual({ a: n, b: 7 });
  });
});
