// Personal data at rest and in logs: after a whole consent life (create, SMS, OTP, sign, document,
// timestamp, verify), no table row and no log line holds the person's name, phone, national id,
// birth date or variable values in the clear.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { basic, eventually, run } from "./client";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { ownDatabase, startSeededServer, type RunningServer } from "./server";
import type { Consent } from "./consent-helpers";

const SECRETS = {
  name: "Nilüfer Kişiselveri Yıldırımoğlu",
  guardian: "Hüsnü Velisoyadı",
  phoneE164: "+905367654321",
  phoneNational: "5367654321",
  tc: "12345678950",
  birth: "1987-03-14",
  variable: "Özelbilgi-Değer-42",
  // decisions §15: these are encrypted at rest too
  physician: "Dr. Gizlihekim Uzmanoğlu",
  procedure: "Gizliişlem Kanaltedavisi",
  relation: "Gizliyakınlık-anne",
};

describe("personal data protection", () => {
  const dataDir = path.join(run.dataDir, "personal-data");
  const own = ownDatabase(dataDir, "pii");
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await own.drop();
  });

  it("keeps no plaintext personal data in any table or log line", async () => {
    const logFile = path.join(dataDir, "server.log");
    const started = await startSeededServer({ ...run.env, ...own.env }, logFile);
    server = started.server;
    const headers = { Authorization: basic(started.key), "Content-Type": "application/json" };
    const base = server.url;

    const tpl = await fetch(`${base}/v1/templates`, {
      method: "POST",
      headers,
      body: JSON.stringify({ kod: "pii", baslik: "Onam", govde: "<p>{adsoyad} {tc_masked} {dogum_tarih} {ozel}</p>", yayimla: true, degiskenler: [{ ad: "ozel", tip: "metin", zorunlu: true }] }),
    });
    expect(tpl.status).toBe(201);
    const createBody = JSON.stringify({
      sablon_kod: "pii",
      adsoyad: SECRETS.name,
      telefon: "0536 765 43 21",
      tc: SECRETS.tc,
      dogum_tarih: SECRETS.birth,
      onaylayan_tip: "veli",
      onaylayan_ad: SECRETS.guardian,
      yakinlik: SECRETS.relation,
      hekim: SECRETS.physician,
      islem: SECRETS.procedure,
      degiskenler: { ozel: SECRETS.variable },
    });
    // With an Idempotency-Key: the stored response (the name, the live link) is kept for 24 hours.
    const idem = { ...headers, "Idempotency-Key": "pii-create-1" };
    const created = await fetch(`${base}/v1/consents`, { method: "POST", headers: idem, body: createBody });
    expect(created.status).toBe(201);
    const createdText = await created.text();
    const c = JSON.parse(createdText) as Consent;
    const replayed = await fetch(`${base}/v1/consents`, { method: "POST", headers: idem, body: createBody });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.text()).toBe(createdText);
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id, { url: base, dataDir });
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, base)).status).toBe(200);
    const done = await eventually(async () => {
      const r = (await (await fetch(`${base}/v1/consents/${c.id}`, { headers })).json()) as Consent & { timestamp: { status: string }; document: { sha256: string } };
      return r.timestamp.status === "ok" ? r : null;
    });
    // The API itself still serves the person's name to the institution that owns the record.
    expect(done.patient.name).toBe(SECRETS.name);
    expect(done).toMatchObject({ physician: SECRETS.physician, procedure: SECRETS.procedure, approver: { relation: SECRETS.relation } });
    await fetch(`${base}/v1/verify`, { method: "POST", headers, body: JSON.stringify({ id: c.id, sha256: done.document.sha256 }) });
    await fetch(`${base}/v1/consents?tc=${SECRETS.tc}`, { headers });

    expect(await server.stop()).toBe(0);
    server = undefined;

    const rows = await dumpAllRows();
    expect(rows.length).toBeGreaterThan(20);
    // Controls: the scan does see the consent's row and what is meant to stay readable.
    expect(rows.some((r) => r.includes(c.id) && r.includes("123******50") && r.includes("+90536*****21"))).toBe(true);
    // The signature image is no PNG in the clear (its signature bytes, as row_to_json writes bytea).
    const consentRow = rows.find((r) => r.includes(`"id":"${c.id}"`) && r.includes("signature_image"))!;
    expect(consentRow).toMatch(/"signature_image":"\\\\x[0-9a-f]+"/);
    expect(consentRow).not.toContain("89504e470d0a1a0a");
    // Evidence records keep their data encrypted (the served records are plain and hash as before).
    const eventRows = rows.filter((r) => r.includes(`"consent_id":"${c.id}"`) && r.includes('"prev_hash"'));
    expect(eventRows.length).toBeGreaterThanOrEqual(5);
    for (const r of eventRows) expect(r).toMatch(/"data":\{"enc": ?"v1:[^"]+"\}/);
    const log = fs.readFileSync(logFile, "utf8");
    for (const [what, value] of Object.entries(SECRETS)) {
      expect(rows.filter((r) => r.includes(value)), `${what} in a database row`).toEqual([]);
      expect(log.includes(value), `${what} in the server log`).toBe(false);
    }
  });

  /** Every row of every table of this test's database, as JSON text. */
  async function dumpAllRows(): Promise<string[]> {
    const tablesSql = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
    if (own.schema) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${own.schema}"`);
        const tables = (await client.query<{ table_name: string }>(tablesSql)).rows;
        const out: string[] = [];
        for (const t of tables) out.push(...(await client.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t.table_name}" x`)).rows.map((r) => r.j));
        return out;
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      const tables = (await db.query<{ table_name: string }>(tablesSql)).rows;
      const out: string[] = [];
      for (const t of tables) out.push(...(await db.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t.table_name}" x`)).rows.map((r) => r.j));
      return out;
    } finally {
      await db.close();
    }
  }
});
