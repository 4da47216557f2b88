// The panel's search digests (lib/consents/patient-search.ts) in the database: written with every
// consent, by both ways a consent is created (with and without its SMS), and given at the next start
// to consents that were created before the column existed — on a server of its own.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { basic, eventually, run } from "./client";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { testPhone } from "./consent-helpers";

describe("search digests of the consents", () => {
  const dataDir = path.join(run.dataDir, "patient-search");
  const own = ownDatabase(dataDir, "search");
  const env = { ...run.env, ...own.env };
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  /** One statement on this test's database while no server holds it (PGlite allows one process). */
  async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    if (own.schema) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${own.schema}"`);
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      return (await db.query<T>(text, params)).rows;
    } finally {
      await db.close();
    }
  }

  it("are written with each consent and given at the next start to consents made before them", async () => {
    const seeded = await startSeededServer(env, path.join(dataDir, "first.log"));
    server = seeded.server;
    const create = async (body: Record<string, unknown>) => {
      const res = await fetch(`${seeded.server.url}/v1/consents`, {
        method: "POST",
        headers: { Authorization: basic(seeded.key), "Content-Type": "application/json" },
        body: JSON.stringify({ sablon_kod: "genel-tibbi-mudahale", telefon: testPhone(), degiskenler: { girisim_tarihi: "2026-12-01" }, ...body }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const withSms = await create({ adsoyad: "Ayşe Yılmaz", sms_gonder: true });
    const withApprover = await create({ adsoyad: "Ali Yılmaz", onaylayan_tip: "veli", onaylayan_ad: "Gülşen Kaya", yakinlik: "anne", sms_gonder: false });
    expect(await server.stop()).toBe(0);
    server = undefined;

    const read = async () =>
      new Map(
        (await sql<{ id: string; search_digests: string[] }>(`SELECT id, search_digests FROM consents WHERE id = ANY($1)`, [[withSms, withApprover]])).map((r) => [
          r.id,
          r.search_digests,
        ]),
      );
    const written = await read();
    // The patient's two words and the phone; with the approver's two words besides.
    expect(written.get(withSms)).toHaveLength(3);
    expect(written.get(withApprover)).toHaveLength(5);
    expect([...written.values()].flat().every((d) => /^[0-9a-f]{32}$/.test(d))).toBe(true);
    // "yılmaz" is one digest in both consents of the tenant.
    expect(written.get(withSms)!.filter((d) => written.get(withApprover)!.includes(d))).toHaveLength(1);

    // As if both were created before the column: the next start gives them the same digests.
    await sql(`UPDATE consents SET search_digests = ARRAY[]::TEXT[]`);
    const logFile = path.join(dataDir, "second.log");
    server = await startServer(env, logFile);
    await eventually(async () => (/"consents":2,"msg":"patient search: earlier consents indexed"/.test(fs.readFileSync(logFile, "utf8")) ? true : null));
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(await read()).toEqual(written);

    // Done once: a third start finds nothing left to index.
    const third = path.join(dataDir, "third.log");
    server = await startServer(env, third);
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(fs.readFileSync(third, "utf8")).not.toContain("earlier consents indexed");
  });
});
