// Re-consent (decisions §22) on a server of its own with a webhook receiver (the endpoint is set with
// the admin CLI, which needs the database to itself): a formatting publish marks nothing, a material
// one marks the completed consents of earlier versions reconsent_required and sends
// consent.reconsent_required for each; POST …/reconsent creates the same person's consent on the
// current version (previous_id / replaced_by, evidence on both), refuses what was never completed or is
// already renewed, replays under Idempotency-Key; when the new one completes the old one is superseded
// (Yenilendi) with consent.superseded.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, expectProblem, run } from "./client";
import type { Consent, EventsResponse } from "./consent-helpers";
import { runAdmin } from "./admin-cli";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { outbox } from "./consent-helpers";
import { startReceiver } from "./webhook-receiver";

const dataDir = path.join(run.dataDir, "reconsent");
const own = ownDatabase(dataDir, "reconsent");
const logFile = path.join(dataDir, "server.log");
const KOD = "kalp-kateter";
let server: RunningServer;
let key: { id: string; secret: string };
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let phones = 0;

type Full = Consent & Record<string, unknown> & { reconsent_required: boolean; previous_id: string | null; replaced_by: string | null; document: unknown; timestamp: { status: string } };
const api = <T = Full>(method: string, p: string, body?: unknown, headers?: Record<string, string>) => call<T>(method, p, { key, body, baseUrl: server.url, headers });
const read = async (id: string) => (await api("GET", `/v1/consents/${id}`)).body;
const events = async (id: string) => (await api<EventsResponse>("GET", `/v1/consents/${id}/events`)).body.data;
const hooks = (event: string, id?: string) => receiver.received.filter((r) => r.body.event === event && (id === undefined || (r.body.data as { id: string }).id === id));
const publish = (body: Record<string, unknown>) => api<{ version: number }>("PUT", `/v1/templates/${KOD}`, { yayimla: true, ...body });

async function created(extra: Record<string, unknown> = {}): Promise<Full> {
  const telefon = `0533 ${String(4_000_000 + phones++).replace(/^(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3")}`;
  const res = await api("POST", "/v1/consents", {
    sablon_kod: KOD, adsoyad: "Deniz Kaya", telefon, tc: "10000000146", hekim: "Dr. Şule Işık", islem: "Kateter", dis_ref: "R-1", dis_hasta_id: "H-9",
    sms_gonder: false, degiskenler: { risk: "kanama" }, ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The person verifies a code and signs; resolves once the document and the first timestamp cycle are done. */
async function signs(c: Full): Promise<Full> {
  const token = tokenOf(c);
  const cookie = await verifiedSession(token, c.id, { url: server.url, dataDir });
  expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url)).status).toBe(200);
  return eventually(async () => {
    const got = await read(c.id);
    return got.document && got.timestamp.status !== "queued" ? got : null;
  }, DOCUMENT_WAIT_MS);
}

beforeAll(async () => {
  receiver = await startReceiver();
  const env: Record<string, string> = { ...run.env, ...own.env, WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1s,1s", TSA_RETRY_SCHEDULE: "0" };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
  await server.stop();
  const set = await runAdmin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.reconsent_required,consent.superseded,consent.completed"], env);
  expect(set.status, set.stderr).toBe(0);
  server = await startServer(env, logFile);
  const t = await api("POST", "/v1/templates", {
    kod: KOD, baslik: "Kalp kateterizasyonu onamı", govde: "<p>{adsoyad}, {risk} riskini okudum.</p>", yayimla: true,
    degiskenler: [{ ad: "risk", tip: "metin", zorunlu: true }],
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await own.drop();
}, 60_000);

let signed: Full;
/** sent before the material publish: reached by it (decisions §26) */
let open: Full;
/** the same, with a drawn countersignature: its renewal overrides the kind */
let drawn: Full;
/** sent on the current version: not reached */
let current: Full;
let renewed: Full;
const NOTE = "Enfeksiyon riski eklendi; lütfen yeniden okuyun.";

describe("publishing a material change", { timeout: 240_000 }, () => {
  it("refuses an unknown kind of change, naming the field, and publishes nothing", async () => {
    const res = await publish({ govde: "<p>{adsoyad} {risk}</p>", degisiklik: "buyuk" });
    expect(expectProblem(res, 422, "validation_failed").errors).toEqual({ degisiklik: [expect.any(String)] });
    expect((await api<{ version: number }>("GET", `/v1/templates/${KOD}`)).body.version).toBe(1);
  });

  it("a formatting publish marks nothing; a material one marks the completed consents of earlier versions and announces each once", async () => {
    signed = await signs(await created());
    // decisions §26: the parties of the form, kept by its re-consent.
    open = await created({ tanik_ad: "Hemşire Ayla Tan", hekim_imzasi: true, hekim_imza_turu: "nitelikli" });
    drawn = await created({ hekim_imzasi: true, hekim_imza_turu: "cizim" });
    expect(signed).toMatchObject({ status: "completed", reconsent_required: false, previous_id: null, replaced_by: null });

    expect((await publish({ govde: "<p>{adsoyad}, {risk} riskini okudum.</p><p>(biçim)</p>" })).body.version).toBe(2);
    // decisions §26: a note only with a material change.
    expect(expectProblem(await publish({ govde: "<p>{adsoyad}, {risk}.</p>", degisiklik_notu: NOTE }), 422, "validation_failed").errors).toEqual({ degisiklik_notu: [expect.any(String)] });
    const v3 = await publish({ govde: "<p>{adsoyad}, {risk} ve enfeksiyon riskini okudum.</p>", degisiklik: "esasli", degisiklik_notu: NOTE });
    expect(v3.body).toMatchObject({ version: 3, change_notes: { tr: NOTE }, audio_dropped: [] });
    await eventually(async () => [signed, open, drawn].every((c) => hooks("consent.reconsent_required", c.id).length === 1) || null, 20_000);
    // Markings are worked off in order: the formatting one (none) came first.
    expect(await read(signed.id)).toMatchObject({ status: "completed", status_text: "Tamamlandı", reconsent_required: true });
    // decisions §26: an open consent on the earlier text is reached too; one on the current text is not.
    expect(await read(open.id)).toMatchObject({ status: "sent", reconsent_required: true });
    current = await created();
    expect((await read(current.id)).reconsent_required).toBe(false);
    const [hook] = hooks("consent.reconsent_required", signed.id);
    expect(hook!.body.data).toMatchObject({ id: signed.id, reconsent_required: true, template: { version: 1 } });
    expect(hooks("consent.reconsent_required")).toHaveLength(3);
  });

  it("closes the reached open consent's link: the page says the form was updated and a signature is refused (409 text_changed)", async () => {
    const token = tokenOf(open);
    const page = await fetch(`${server.url}/s/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Bu formun metni güncellendi");
    expect(html).not.toContain("Deniz Kaya");
    const cookie = await verifiedSession(token, open.id, { url: server.url, dataDir });
    const res = await signer<{ code: string; reason: string }>(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, server.url);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "invalid_state", reason: "text_changed" });
    expect((await read(open.id)).status).toBe("sent");
  });
});

describe("POST /v1/consents/{id}/reconsent", { timeout: 240_000 }, () => {
  it("409 for an open consent no material change reached; 404 for an unknown one; 422 naming a bad field", async () => {
    expect(expectProblem(await api("POST", `/v1/consents/${current.id}/reconsent`, {}), 409, "invalid_state").detail).toMatch(/completed/);
    expectProblem(await api("POST", "/v1/consents/ons_261126_yokbuyle000000/reconsent", {}), 404, "not_found");
    expect(expectProblem(await api("POST", `/v1/consents/${signed.id}/reconsent`, { sms_gonder: "evet", hekim_imza_turu: "islak" }), 422, "validation_failed").errors).toEqual({
      sms_gonder: [expect.any(String)],
      hekim_imza_turu: [expect.any(String)],
    });
  });

  it("creates the same person's consent on the current version, linked both ways and in both evidence chains; replays under its Idempotency-Key", async () => {
    const headers = { "Idempotency-Key": `rc-${signed.id}` };
    const res = await api("POST", `/v1/consents/${signed.id}/reconsent`, { sms_gonder: false }, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    renewed = res.body;
    const { id: _i, status: _s, status_text: _t, template: _v, created_at: _c, expires_at: _e, signed_at: _g, document: _d, timestamp: _ts, link: _l, ...person } = signed;
    expect(renewed).toEqual({
      ...person,
      id: expect.stringMatching(/^ons_\d{6}_[a-z0-9]{12,}$/),
      status: "sent",
      status_text: "Gönderildi",
      template: { code: KOD, version: 3, content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      created_at: expect.any(String),
      expires_at: expect.any(String),
      signed_at: null,
      document: null,
      timestamp: { status: "none", error: expect.any(String) },
      link: { url: expect.stringMatching(/\/s\//), short: expect.stringMatching(/\/k\//) },
      reconsent_required: false,
      previous_id: signed.id,
      replaced_by: null,
      // decisions §22: no teach-back questions asked
      comprehension: null,
    });
    expect(renewed.id).not.toBe(signed.id);
    const replay = await api("POST", `/v1/consents/${signed.id}/reconsent`, { sms_gonder: false }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(renewed.id);

    expect(await read(signed.id)).toMatchObject({ status: "completed", reconsent_required: true, replaced_by: renewed.id, previous_id: null });
    expect((await events(signed.id)).at(-1)).toMatchObject({ event: "yeniden_onam_olusturuldu", actor: `api:${key.id}`, data: { replaced_by: renewed.id, template_version: 3 } });
    expect((await events(renewed.id))[0]).toMatchObject({ event: "olusturuldu", data: { previous_id: signed.id, template: { code: KOD, version: 3 } } });
  });

  it("renews a reached open consent by cancelling it (Metin değişti), keeping its parties unless the body overrides them, with an SMS saying the form was updated", async () => {
    const res = await api("POST", `/v1/consents/${open.id}/reconsent`, { sms_gonder: true, tanik_ad: "Hemşire Elif Demir" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: "sent",
      previous_id: open.id,
      template: { version: 3 },
      external_patient_id: "H-9",
      witness: { name: "Hemşire Elif Demir" },
      physician_countersign: expect.objectContaining({ required: true, signature_type: "qualified" }),
    });
    expect(await read(open.id)).toMatchObject({ status: "cancelled", cancel_reason: "Metin değişti", replaced_by: res.body.id });
    const sms = outbox(dataDir).filter((l) => l.kind === "link" && l.consent_id === res.body.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain("Onam formunuz güncellendi");
    // The new link says, above the text, what changed (the publisher's note).
    const token = tokenOf(res.body);
    const cookie = await verifiedSession(token, res.body.id, { url: server.url, dataDir });
    const page = await (await fetch(`${server.url}/s/${token}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Bu form güncellendi");
    expect(page).toContain(NOTE);
    // Renewed once: a second call is refused.
    expectProblem(await api("POST", `/v1/consents/${open.id}/reconsent`, { sms_gonder: false }), 409, "invalid_state");
  });

  it("takes the countersignature's kind from the body over the renewed consent's (decisions §26)", async () => {
    expect((await read(drawn.id)).physician_countersign).toMatchObject({ required: true, signature_type: "drawn" });
    const res = await api("POST", `/v1/consents/${drawn.id}/reconsent`, { sms_gonder: false, hekim_imza_turu: "nitelikli" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ previous_id: drawn.id, physician_countersign: expect.objectContaining({ required: true, signature_type: "qualified" }) });
  });

  it("409 for a consent already renewed, without a new consent", async () => {
    expect(expectProblem(await api("POST", `/v1/consents/${signed.id}/reconsent`, { sms_gonder: false }), 409, "invalid_state").detail).toContain(renewed.id);
    expect(await read(signed.id)).toMatchObject({ replaced_by: renewed.id });
  });
});

describe("when the re-consent completes", { timeout: 240_000 }, () => {
  it("the old consent becomes superseded (Yenilendi), with its evidence and consent.superseded after the new one's consent.completed", async () => {
    const done = await signs(renewed);
    // decisions §26: its document prints what changed, above the text.
    const file = path.join(dataDir, `${renewed.id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch((done.document as { pdf_url: string }).pdf_url)).arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("Formun güncellenmesi üzerine yeniden onam");
    expect(text).toContain(NOTE);
    await eventually(async () => hooks("consent.superseded", signed.id).length === 1 || null, 20_000);
    expect(await read(signed.id)).toMatchObject({ status: "superseded", status_text: "Yenilendi", replaced_by: renewed.id, reconsent_required: true });
    expect(await read(renewed.id)).toMatchObject({ status: "completed", previous_id: signed.id });
    const last = await events(signed.id);
    expect(last.at(-1)).toMatchObject({ event: "yenilendi", actor: "system", data: { replaced_by: renewed.id, template_version: 3 } });
    expect(hooks("consent.superseded", signed.id)[0]!.body.data).toMatchObject({ id: signed.id, status: "superseded" });
    const completed = receiver.received.findIndex((r) => r.body.event === "consent.completed" && (r.body.data as { id: string }).id === renewed.id);
    expect(completed).toBeGreaterThanOrEqual(0);
    // A superseded consent is renewed by its replacement: nothing more to renew.
    expectProblem(await api("POST", `/v1/consents/${signed.id}/reconsent`, {}), 409, "invalid_state");
  });
});
