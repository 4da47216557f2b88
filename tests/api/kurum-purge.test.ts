// Storage mode `kurum` (decisions §12): a closed consent stays whole for the 24-hour download window,
// then the background purge removes the person, the text, the signature, the event records and the
// files, keeping what verification needs. Runs on a server and database of its own (kurum-helpers.ts):
// it moves that server's clock by a day, and it reads the raw rows afterwards (PGlite admits one process at a time).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_WAIT_MS, eventually, expectProblem, setServerClock } from "./client";
import { signer, tokenOf } from "./signing-helpers";
import type { EventsResponse } from "./consent-helpers";
import { HOUR, KEPT, SECRETS, kurumRun, recomputeHead, sha256hex, type Doc, type Full, type Key } from "./kurum-helpers";

describe("storage mode kurum: the purge after the download window", () => {
  const h = kurumRun();
  const { dataDir, own, env, api, read, events, create, session, sign, download } = h;
  let kurum: Key;
  let merkezi: Key;

  // Filled in order by the tests below.
  let signed: Full;
  let cancelled: Full;
  let expiring: Full;
  let rejected: Full;
  let control: Full;
  const saved = new Map<string, EventsResponse>();
  let linksBefore: Doc;
  let tsrBefore: Buffer;

  beforeAll(async () => {
    await h.start();
    ({ kurum, merkezi } = h.keys);
  });

  afterAll(() => h.stop(), 60_000);

  it("keeps a closed kurum consent whole during the 24-hour window", async () => {
    const person = {
      adsoyad: SECRETS.name,
      telefon: "0536 765 43 21",
      tc: SECRETS.tc,
      dogum_tarih: SECRETS.birth,
      hekim: SECRETS.physician,
      islem: SECRETS.procedure,
      dis_ref: SECRETS.externalRef,
      dis_hasta_id: SECRETS.externalPatient,
    };
    // By SMS and with an Idempotency-Key: an outbox row and a replayable response name the person too.
    signed = await create(kurum, { ...person, onaylayan_tip: "veli", onaylayan_ad: SECRETS.guardian, yakinlik: "anne" }, { "Idempotency-Key": "kurum-signed-1" });
    cancelled = await create(kurum, { ...person, sms_gonder: false });
    expiring = await create(kurum, { ...person, sms_gonder: false, gecerlilik_saat: 1 });
    rejected = await create(kurum, { ...person, sms_gonder: false });
    control = await create(merkezi, { adsoyad: KEPT.name, telefon: KEPT.phone, sms_gonder: false, degiskenler: { ozel: "Merkezi-Değer" } });

    await sign(signed);
    await sign(control);
    const cancel = await api<Full>("POST", `/v1/consents/${cancelled.id}/cancel`, kurum, { body: { reason: SECRETS.cancelReason } });
    expect(cancel.status, cancel.text).toBe(200);
    const decline = await signer(tokenOf(rejected), "decline", { reason: SECRETS.rejectReason }, await session(rejected), h.server!.url);
    expect(decline.status).toBe(200);

    // The chain is final once the first timestamp is in.
    for (const c of [signed, control]) {
      await eventually(async () => ((await read(c, c === control ? merkezi : kurum)).timestamp.status === "ok" ? true : null), DOCUMENT_WAIT_MS);
    }
    signed = await read(signed);
    expect(signed).toMatchObject({ status: "completed", purged: false, patient: { name: SECRETS.name, tc_masked: SECRETS.tcMasked, phone: SECRETS.phoneMasked } });

    // An hour before the window ends: everything is still there. (The 1-hour consent expires now.)
    await setServerClock(23 * HOUR, h.server!.url, env.APP_SECRET);
    const ev = await eventually(async () => {
      const e = await events(expiring);
      return e.data.some((r) => r.event === "suresi_doldu") ? e : null;
    });
    // Two more runner ticks (1 s each) with nothing due yet.
    await new Promise((r) => setTimeout(r, 2500));
    saved.set(expiring.id, ev);
    for (const c of [signed, cancelled, rejected]) saved.set(c.id, await events(c));

    const now = await read(signed);
    expect(now).toEqual({ ...signed, document: { ...signed.document, pdf_url: expect.any(String), evidence_url: expect.any(String), tsr_url: expect.any(String) } });
    linksBefore = now.document!;
    const pdf = await download(linksBefore.pdf_url!);
    expect(pdf.status).toBe(200);
    expect(sha256hex(pdf.body)).toBe(linksBefore.sha256);
    expect((await download(`${linksBefore.evidence_url!}&format=json`)).status).toBe(200);
    const tsr = await download(linksBefore.tsr_url!);
    expect(tsr.status).toBe(200);
    expect(tsr.type).toBe("application/timestamp-reply");
    tsrBefore = tsr.body;

    const chain = saved.get(signed.id)!;
    expect(chain.chain.ok).toBe(true);
    expect(chain.data.map((r) => r.event)).toEqual(["olusturuldu", "sms_gonderildi", "otp_gonderildi", "otp_dogrulandi", "imzalandi", "belge_olusturuldu", "zaman_damgasi_alindi"]);
    for (const c of [cancelled, expiring, rejected]) {
      expect(await read(c)).toMatchObject({ purged: false, patient: { name: SECRETS.name } });
    }
    expect((await read(cancelled)).cancel_reason).toBe(SECRETS.cancelReason);
  });

  it("purges the kurum consents once the window has passed, and answers the reduced object", async () => {
    await setServerClock(26 * HOUR, h.server!.url, env.APP_SECRET);
    for (const c of [signed, cancelled, expiring, rejected]) {
      await eventually(async () => (await read(c)).purged, DOCUMENT_WAIT_MS);
    }

    const after = await read(signed);
    expect(after).toEqual({
      id: signed.id,
      status: "completed",
      status_text: "Tamamlandı",
      external_ref: null,
      external_patient_id: null,
      patient: { name: null, tc_masked: null, phone: null },
      approver: { type: null, name: null, relation: null },
      physician: null,
      procedure: null,
      animal: null,
      template: signed.template,
      language: "tr",
      created_at: signed.created_at,
      expires_at: signed.expires_at,
      signed_at: signed.signed_at,
      rejected_at: null,
      cancelled_at: null,
      reject_reason: null,
      cancel_reason: null,
      withdrawn_at: null,
      withdraw_reason: null,
      withdrawal_receipt: null,
      // decisions §19: no party besides the person was asked for, and the names of any are erased.
      physician_countersign: null,
      witness: null,
      interpreter: null,
      // decisions §22: never re-consented
      reconsent_required: false,
      previous_id: null,
      replaced_by: null,
      // decisions §22: no teach-back questions asked
      comprehension: null,
      // decisions §26: the version had no clauses
      clauses: null,
      document: { sha256: signed.document!.sha256, pdf_url: null, evidence_url: null, tsr_url: expect.stringMatching(/\/d\/ons_[a-z0-9_]+\/tsr\?exp=\d+&sig=/), verify_url: signed.document!.verify_url },
      timestamp: signed.timestamp,
      // decisions §12 keeps no signing link.
      link: null,
      purged: true,
    });

    const expectedStatus = new Map([
      [cancelled.id, "cancelled"],
      [expiring.id, "expired"],
      [rejected.id, "rejected"],
    ]);
    for (const c of [cancelled, expiring, rejected]) {
      const r = await read(c);
      expect(r).toMatchObject({ status: expectedStatus.get(c.id), purged: true, patient: { name: null, tc_masked: null, phone: null }, document: null, cancel_reason: null, reject_reason: null, external_ref: null });
      expect(r.template).toEqual(c.template);
      expect(r.created_at).toBe(c.created_at);
    }
    expect((await read(cancelled)).cancelled_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));

    // The list answers the same reduced objects; filters on what is gone no longer find them.
    const list = await api<{ data: Full[]; count: number }>("GET", "/v1/consents?limit=200", kurum);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(4);
    expect(list.body.data.every((c) => c.purged && c.patient.name === null)).toBe(true);
    const listed = list.body.data.find((c) => c.id === signed.id)!;
    expect({ ...listed, document: { ...listed.document, tsr_url: null } }).toEqual({ ...after, document: { ...after.document, tsr_url: null } });
    for (const q of [`external_ref=${SECRETS.externalRef}`, `external_patient_id=${SECRETS.externalPatient}`, `tc=${SECRETS.tc}`]) {
      expect((await api<{ count: number }>("GET", `/v1/consents?${q}`, kurum)).body.count).toBe(0);
    }
  });

  it("answers 410 purged for the events, with the head and count a kept evidence JSON is checked against", async () => {
    for (const c of [signed, cancelled, expiring, rejected]) {
      const kept = saved.get(c.id)!;
      const p = expectProblem(await api("GET", `/v1/consents/${c.id}/events`, kurum), 410, "purged");
      expect(p.head).toBe(kept.data.at(-1)!.hash);
      expect(p.count).toBe(kept.data.length);
      // The institution's copy, recomputed independently, ends at exactly that head.
      expect(recomputeHead(kept.data)).toBe(p.head);
    }
    // Another tenant learns nothing: 404 as for any id that is not theirs.
    expectProblem(await api("GET", `/v1/consents/${signed.id}/events`, merkezi), 404, "not_found");
    expectProblem(await api("GET", `/v1/consents/${signed.id}`, merkezi), 404, "not_found");
  });

  it("still verifies the document and serves its timestamp token; the files answer 410", async () => {
    const after = await read(signed);
    const tsr = await download(after.document!.tsr_url!);
    expect(tsr.status).toBe(200);
    expect(tsr.type).toBe("application/timestamp-reply");
    expect(tsr.body.equals(tsrBefore)).toBe(true);
    // Links issued before the purge, still within their own 24 hours.
    expect((await download(linksBefore.tsr_url!)).body.equals(tsrBefore)).toBe(true);
    for (const url of [linksBefore.pdf_url!, linksBefore.evidence_url!, `${linksBefore.evidence_url!}&format=json`]) {
      const res = await download(url);
      expect(res.status).toBe(410);
      expect(res.type).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.body.toString("utf8"))).toMatchObject({ status: 410, code: "purged" });
    }

    const body = { id: signed.id, sha256: signed.document!.sha256 };
    const verified = await api("POST", "/v1/verify", merkezi, { body });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ match: true, id: signed.id, status: "completed", signed_at: signed.signed_at, timestamp: { status: "ok" } });
    expect((await api("POST", "/v1/verify", kurum, { body: { ...body, sha256: "0".repeat(64) } })).body).toMatchObject({ match: false });
    const pub = await fetch(`${h.server!.url}/api/public/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(pub.status).toBe(200);
    expect(await pub.json()).toMatchObject({ match: true, id: signed.id });
    expect((await fetch(after.document!.verify_url)).status).toBe(200);
  });

  it("refuses changes to a purged consent with the closed-consent answers, and its signing page shows the outcome", async () => {
    expectProblem(await api("POST", `/v1/consents/${signed.id}/cancel`, kurum), 409, "invalid_state");
    expectProblem(await api("POST", `/v1/consents/${cancelled.id}/resend`, kurum), 409, "invalid_state");
    const retry = await api<{ ok: boolean; consent: Full }>("POST", `/v1/consents/${signed.id}/timestamp`, kurum);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ ok: true, consent: { purged: true } });

    for (const [c, title] of [
      [signed, "Bu onam imzalandı"],
      [cancelled, "Bu onam iptal edildi"],
      [expiring, "Bu bağlantının süresi doldu"],
      [rejected, "Bu onam reddedildi"],
    ] as const) {
      const page = await fetch(c.link.url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(title);
      expect(html).toContain("saklama tercihi");
      expect(html).not.toContain(SECRETS.name);
      expect(html).not.toContain(SECRETS.procedure);
    }
    expect((await fetch(`${signed.link.url}?lang=en`)).status).toBe(200);
    const short = await fetch(signed.link.short, { redirect: "manual" });
    expect(short.status).toBe(302);
    // The signing endpoints answer as for any closed consent.
    const otp = await signer(tokenOf(signed), "otp", undefined, undefined, h.server!.url);
    expect(otp.status).toBe(409);
    expect(otp.body).toMatchObject({ code: "invalid_state", reason: "closed" });
  });

  it("leaves a merkezi consent past the same window untouched", async () => {
    const c = await read(control, merkezi);
    expect(c).toMatchObject({ status: "completed", purged: false, patient: { name: KEPT.name, phone: KEPT.phoneMasked } });
    expect((await download(c.document!.pdf_url!)).status).toBe(200);
    const ev = await api<EventsResponse>("GET", `/v1/consents/${control.id}/events`, merkezi);
    expect(ev.status).toBe(200);
    expect(ev.body.chain.ok).toBe(true);
  });

  it("leaves no personal data, event record or stored file of the purged consents in any table", async () => {
    await setServerClock(0, h.server!.url, env.APP_SECRET);
    expect(await h.server!.stop()).toBe(0);
    h.server = undefined;

    const tables = await dumpTables();
    const all = Object.values(tables).flat();
    const purgedIds = [signed.id, cancelled.id, expiring.id, rejected.id];
    for (const id of purgedIds) {
      for (const table of ["consent_events", "otp_codes", "sms_messages", "stored_files"]) {
        expect(tables[table]!.filter((r) => r.consent_id === id), `${table} of ${id}`).toEqual([]);
      }
    }
    // Controls: the scan sees the merkezi consent's rows, which keep everything.
    expect(tables.consent_events!.some((r) => r.consent_id === control.id)).toBe(true);
    expect(tables.stored_files!.some((r) => r.consent_id === control.id)).toBe(true);
    expect(all.some((r) => JSON.stringify(r).includes(KEPT.phoneMasked))).toBe(true);

    const text = all.map((r) => JSON.stringify(r));
    for (const [what, value] of Object.entries(SECRETS)) {
      expect(text.filter((r) => r.includes(value)), `${what} in a database row`).toEqual([]);
    }
    // No ciphertext (`v1:<key id>:…`) is left in any row about a purged consent.
    const keyId = sha256hex(Buffer.from(env.APP_ENCRYPTION_KEY!, "base64")).slice(0, 8);
    for (const id of purgedIds) {
      const about = text.filter((r) => r.includes(id));
      expect(about.length).toBeGreaterThan(0);
      expect(about.filter((r) => r.includes(`v1:${keyId}:`)), `ciphertext about ${id}`).toEqual([]);
    }

    const row = tables.consents!.find((r) => r.id === signed.id)!;
    for (const col of ["patient_name", "phone", "phone_masked", "tc_masked", "tc_digest", "tc_encrypted", "birth_date", "rendered_html", "variables", "signature_image", "signer_ip", "signer_user_agent", "document_key", "physician", "procedure", "approver_name", "approver_relation", "external_ref", "external_patient_id"]) {
      expect(row[col], col).toBeNull();
    }
    // The panel's search digests go too (the control keeps its own: name words and phone).
    expect(row.search_digests).toEqual([]);
    // What stays: the digests, the timestamp token, the chain head and count.
    const kept = saved.get(signed.id)!;
    expect(row).toMatchObject({ document_sha256: signed.document!.sha256, content_sha256: signed.template.content_sha256, chain_head: kept.data.at(-1)!.hash, event_count: kept.data.length, ts_status: "ok" });
    expect(row.ts_token).not.toBeNull();
    expect(row.purged_at).not.toBeNull();
    const controlRow = tables.consents!.find((r) => r.id === control.id)!;
    expect(controlRow).toMatchObject({ purged_at: null, purge_after: null });
    expect(controlRow.patient_name).toEqual(expect.stringMatching(new RegExp(`^v1:${keyId}:`)));
    expect(controlRow.search_digests).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{32}$/)]));
  });

  /** Every row of every table of this test's database, by table. */
  async function dumpTables(): Promise<Record<string, Record<string, unknown>[]>> {
    const tablesSql = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
    const out: Record<string, Record<string, unknown>[]> = {};
    if (own.schema) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${own.schema}"`);
        for (const t of (await client.query<{ table_name: string }>(tablesSql)).rows) {
          out[t.table_name] = (await client.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t.table_name}" x`)).rows.map((r) => JSON.parse(r.j) as Record<string, unknown>);
        }
        return out;
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      for (const t of (await db.query<{ table_name: string }>(tablesSql)).rows) {
        out[t.table_name] = (await db.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t.table_name}" x`)).rows.map((r) => JSON.parse(r.j) as Record<string, unknown>);
      }
      return out;
    } finally {
      await db.close();
    }
  }
});
