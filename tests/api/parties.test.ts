// Every party of a Turkish consent form (decisions §19) through the real server, with a webhook
// receiver: the physician's countersignature (status `signed` until it comes; consent.signed, then the
// document and consent.completed only after it), its field rules and races, the witness who signs
// after the person, a refusal put on record with its sealed Ret Tutanağı, and the person's copy after
// a later completion.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, run, setServerClock } from "./client";
import type { Consent, EventsResponse } from "./consent-helpers";
import { runAdmin } from "./admin-cli";
import { createHash } from "node:crypto";
import { canonicalize } from "json-canonicalize";
import { detach, pdfsig } from "./pdf-seal";
import { ownDatabase, startSeededServer, startServer, type RunningServer } from "./server";
import { blankSignature, pngDataUrl, signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { startReceiver } from "./webhook-receiver";
import { pngOf } from "@/tests/fixtures/png";

const dataDir = path.join(run.dataDir, "parties");
const own = ownDatabase(dataDir, "parties");
const logFile = path.join(dataDir, "server.log");
let server: RunningServer;
let key: { id: string; secret: string };
/** a key of another tenant on the same server */
let otherKey: { id: string; secret: string };
let env: Record<string, string>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let phones = 0;

type Full = Consent & {
  signed_at: string | null;
  document: { sha256: string; pdf_url: string } | null;
  timestamp: { status: string };
  physician_countersign: { required: true; name: string | null; registration_no: string | null; informed_at: string | null; signed_at: string | null } | null;
  witness: { name: string } | null;
  reject_reason: string | null;
};
const api = <T = Full>(method: string, p: string, body?: unknown, k = key) => call<T>(method, p, { key: k, body, baseUrl: server.url });
const events = async (id: string) => (await api<EventsResponse>("GET", `/v1/consents/${id}/events`)).body.data;
/** The consent once its document is stored: the completion runs after the answer (issue #46). */
const documented = (id: string) => eventually(async () => {
  const c = (await api("GET", `/v1/consents/${id}`)).body;
  return c.document ? c : null;
}, DOCUMENT_WAIT_MS);
const hooks = (id: string, event: string) => receiver.received.filter((r) => r.body.event === event && (r.body.data as { id: string }).id === id);

async function created(extra: Record<string, unknown> = {}, kod = "genel-tibbi-mudahale"): Promise<Full> {
  const telefon = `0533 ${String(3_000_000 + phones++).replace(/^(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3")}`;
  const res = await api("POST", "/v1/consents", { sablon_kod: kod, adsoyad: "Deniz Kaya", telefon, sms_gonder: false, degiskenler: { girisim_tarihi: "2026-12-01" }, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const verified = (token: string, id: string): Promise<string> => verifiedSession(token, id, { url: server.url, dataDir });

/** The person signs (and the witness, when the consent names one). */
async function personSigns(c: Full, extra: Record<string, unknown> = {}) {
  const cookie = await verified(tokenOf(c), c.id);
  return signer<{ status: string; signed_at: string }>(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true, ...extra }, cookie, server.url);
}

/** A wall-clock time in the service's zone (Europe/Istanbul, UTC+3), `ms` from now. */
const wallClock = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

async function countersignBody(extra: Record<string, unknown> = {}) {
  return { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "TR-123456", bilgilendirme_zamani: wallClock(-60 * 60_000), imza: await signaturePng(), ...extra };
}

async function pdfOf(c: Full): Promise<string> {
  const file = path.join(dataDir, `${c.id}-${Date.now()}.pdf`);
  fs.writeFileSync(file, Buffer.from(await (await fetch(c.document!.pdf_url)).arrayBuffer()));
  return file;
}
const textOf = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");

let kod: string;

beforeAll(async () => {
  receiver = await startReceiver();
  env = { ...run.env, ...own.env, WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE: "0,1s,1s", TSA_RETRY_SCHEDULE: "0" };
  delete env.PGLITE_DIR;
  delete env.SMS_OUTBOX_PATH;
  ({ server, key } = await startSeededServer(env, logFile));
  await server.stop();
  const set = await runAdmin(["webhook", "set", "--tenant", "demo", "--url", receiver.url, "--events", "consent.signed,consent.completed,consent.rejected,consent.cancelled"], env);
  expect(set.status, set.stderr).toBe(0);
  expect((await runAdmin(["tenant", "create", "--code", "diger", "--name", "Diğer Klinik"], env)).status).toBe(0);
  const other = await runAdmin(["key", "create", "--tenant", "diger", "--name", "diger", "--scopes", "onam:yaz,onam:oku"], env);
  expect(other.status, other.stderr).toBe(0);
  otherKey = { id: String(other.json!.id), secret: String(other.json!.secret) };
  server = await startServer(env, logFile);
  kod = `hekim-${Date.now().toString(36)}`;
  const t = await api<{ physician_countersign: boolean }>("POST", "/v1/templates", {
    kod,
    baslik: "Cerrahi Girişim Onamı",
    govde: "<p>{adsoyad} için {islem} yapılacaktır; riskleri {hekim} anlattı.</p>",
    yayimla: true,
    hekim_imzasi: true,
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  expect(t.body.physician_countersign).toBe(true);
}, 180_000);

afterAll(async () => {
  await setServerClock(0, server.url, env.APP_SECRET).catch(() => undefined);
  await server?.stop();
  await receiver?.close();
  await own.drop();
}, 60_000);

describe("the physician's countersignature", { timeout: 180_000 }, () => {
  it("leaves the person's signature `signed` (consent.signed, no document), then completes on the countersignature", async () => {
    const c = await created({ hekim: "Dr. Şule Işık", islem: "Apendektomi" }, kod);
    expect(c.physician_countersign).toEqual({ required: true, name: null, registration_no: null, informed_at: null, signed_at: null, signature_type: "drawn", certificate: null });
    const signed = await personSigns(c);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe("signed");
    const waiting = (await api("GET", `/v1/consents/${c.id}`)).body;
    expect(waiting).toMatchObject({ status: "signed", status_text: "Hekim onayı bekleniyor", signed_at: signed.body.signed_at, document: null });
    await eventually(async () => hooks(c.id, "consent.signed").length === 1);
    expect((await events(c.id)).map((e) => e.event)).not.toContain("belge_olusturuldu");
    // expires_at no longer applies once the person signed.
    await setServerClock(8 * 24 * 3_600_000, server.url, env.APP_SECRET);
    expect((await api("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");
    await setServerClock(0, server.url, env.APP_SECRET);

    const res = await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "completed", physician_countersign: { required: true, name: "Dr. Şule Işık", registration_no: "TR-123456" } });
    expect(res.body.physician_countersign!.signed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The answer does not wait for the document: it comes from the completion, right after.
    const completed = await documented(c.id);
    expect(completed.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const evs = await events(c.id);
    const countersigned = evs.find((e) => e.event === "hekim_imzaladi")!;
    expect(countersigned.actor).toBe(`api:${key.id}`);
    expect(countersigned.data).toEqual({
      ad: "Dr. Şule Işık",
      tescil_no: "TR-123456",
      bilgilendirme_zamani: res.body.physician_countersign!.informed_at,
      signature_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      imza_turu: "cizim",
      sertifika: null,
    });
    // The document came after the countersignature, and consent.completed after the document, once.
    expect(evs.findIndex((e) => e.event === "belge_olusturuldu")).toBeGreaterThan(evs.indexOf(countersigned));
    await eventually(async () => hooks(c.id, "consent.completed").length === 1);
    expect((await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody())).status).toBe(409);

    // kanit.json runs through the last signature, the physician's; the PDF shows both signers.
    const file = await pdfOf(completed);
    expect(pdfsig(file)).toContain("Signature is Valid");
    const kanit = JSON.parse(detach(file, path.join(dataDir, `${c.id}-files`))["kanit.json"]!.toString("utf8")) as { events: { event: string; hash: string }[] };
    expect(kanit.events.at(-1)).toMatchObject({ event: "hekim_imzaladi", hash: countersigned.hash });
    const text = textOf(file);
    for (const shown of ["Deniz Kaya", "Dr. Şule Işık", "TR-123456"]) expect(text).toContain(shown);
  });

  it("refuses each bad field with 422 naming it, and any status but signed with 409", async () => {
    const open = await created({}, kod);
    expect((await api("POST", `/v1/consents/${open.id}/countersign`, await countersignBody())).status).toBe(409);
    const c = await created({}, kod);
    expect((await personSigns(c)).body.status).toBe("signed");
    const signedAt = (await api("GET", `/v1/consents/${c.id}`)).body.signed_at!;
    const afterSigning = new Date(new Date(`${signedAt.replace(" ", "T")}+03:00`).getTime() + 60_000 + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    const bad: [Record<string, unknown>, string][] = [
      [{ bilgilendirme_zamani: wallClock(3_600_000) }, "bilgilendirme_zamani"],
      [{ bilgilendirme_zamani: afterSigning }, "bilgilendirme_zamani"],
      [{ bilgilendirme_zamani: wallClock(-31 * 24 * 3_600_000) }, "bilgilendirme_zamani"],
      [{ bilgilendirme_zamani: "2026-02-30 10:00:00" }, "bilgilendirme_zamani"],
      [{ bilgilendirme_zamani: "dün" }, "bilgilendirme_zamani"],
      [{ imza: "data:image/jpeg;base64,AAAA" }, "imza"],
      [{ imza: blankSignature() }, "imza"],
      // over the 256 KiB a countersignature may take
      [{ imza: pngDataUrl(Buffer.concat([pngOf(300, 100, Buffer.alloc(0)).subarray(0, 8), randomBytes(260 * 1024)])) }, "imza"],
      [{ hekim_ad: "D".repeat(10_000) }, "hekim_ad"],
      [{ hekim_ad: "" }, "hekim_ad"],
    ];
    for (const [extra, field] of bad) {
      const res = await api<{ code: string; errors: Record<string, string[]> }>("POST", `/v1/consents/${c.id}/countersign`, await countersignBody(extra));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await api("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");
    // Another tenant's key: 404, and nothing changes.
    expect((await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody(), otherKey)).status).toBe(404);
    expect((await api("POST", `/v1/consents/${c.id}/refusal`, { reason: "x", tanik_ad: "y" }, otherKey)).status).toBe(404);
    expect((await api("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");
  });

  it("takes the physician's typed name instead of a drawing (issue #51): imza_turu yazili, signature_type typed, the PDF prints it marked", async () => {
    const c = await created({ hekim: "Dr. Şule Işık", islem: "Apendektomi" }, kod);
    expect((await personSigns(c)).body.status).toBe("signed");
    // Exactly one of the two: both, or neither, is 422 naming the field.
    const both = await api<{ errors: Record<string, string[]> }>("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ yazili_imza: "Şule Işık" }));
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(["yazili_imza"]);
    const neither = await api<{ errors: Record<string, string[]> }>("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ imza: undefined }));
    expect(neither.status).toBe(422);
    expect(Object.keys(neither.body.errors)).toEqual(["imza"]);
    const unprintable = await api<{ errors: Record<string, string[]> }>("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ imza: undefined, yazili_imza: "王" }));
    expect(unprintable.status).toBe(422);
    expect(Object.keys(unprintable.body.errors)).toEqual(["yazili_imza"]);

    const res = await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ imza: undefined, yazili_imza: "Şule Işık" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "completed", physician_countersign: { name: "Dr. Şule Işık", signature_type: "typed", certificate: null } });
    const event = (await events(c.id)).find((e) => e.event === "hekim_imzaladi");
    expect(event?.data).toMatchObject({ ad: "Dr. Şule Işık", imza_turu: "yazili", signature_sha256: createHash("sha256").update("Şule Işık", "utf8").digest("hex"), sertifika: null });
    const text = textOf(await pdfOf(await documented(c.id)));
    // The person drew; the only typed mark is the physician's, with the typed name.
    expect(text).toContain("yazılarak imzalandı");
    expect(text.replace("Dr. Şule Işık", "")).toContain("Şule Işık");
    expect(text).toContain("Bilgilendirmeyi yapan hekim adını yazarak imzaladı");
  });

  it("lets exactly one of two simultaneous countersignatures win: one document, one consent.completed", async () => {
    const c = await created({}, kod);
    expect((await personSigns(c)).body.status).toBe("signed");
    const [a, b] = await Promise.all([
      api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ hekim_ad: "Dr. A" })),
      api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody({ hekim_ad: "Dr. B" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await documented(c.id);
    const evs = await events(c.id);
    expect(evs.filter((e) => e.event === "hekim_imzaladi")).toHaveLength(1);
    expect(evs.filter((e) => e.event === "belge_olusturuldu")).toHaveLength(1);
    await eventually(async () => hooks(c.id, "consent.completed").length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(hooks(c.id, "consent.completed")).toHaveLength(1);
  });

  it("may be cancelled while awaiting the physician", async () => {
    const c = await created({}, kod);
    expect((await personSigns(c)).body.status).toBe("signed");
    const res = await api("POST", `/v1/consents/${c.id}/cancel`, { reason: "Hekim değişti" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("cancelled");
    expect((await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody())).status).toBe(409);
  });

  it("offers the person's copy again after a new code once the physician completed it, recording kopya_indirildi", async () => {
    const c = await created({ hekim_imzasi: true });
    expect(c.physician_countersign).toMatchObject({ required: true });
    expect((await personSigns(c)).body.status).toBe("signed");
    expect((await api("POST", `/v1/consents/${c.id}/countersign`, await countersignBody())).status).toBe(200);
    await documented(c.id);
    // The session that signed has long ended by then: a new code opens one (a minute after the last).
    await setServerClock(31 * 60_000, server.url, env.APP_SECRET);
    const cookie = await verified(tokenOf(c), c.id);
    const copy = await fetch(`${server.url}/s/${tokenOf(c)}/document`, { headers: { Cookie: cookie } });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/pdf");
    await setServerClock(0, server.url, env.APP_SECRET);
    expect((await events(c.id)).at(-1)).toMatchObject({ event: "kopya_indirildi", actor: "signer" });
  });

  it("is not needed when the consent overrides its template (hekim_imzasi: false)", async () => {
    const c = await created({ hekim_imzasi: false }, kod);
    expect(c.physician_countersign).toBeNull();
    expect((await personSigns(c)).body.status).toBe("completed");
  });
});

type Record_ = EventsResponse["data"][number];
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const dataUrlBytes = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");

/**
 * The chain as decisions §6 defines it, recomputed here from the served records alone: seq from 1,
 * prev_hash the previous hash (null first), hash = SHA-256 of the JCS of the record without `hash`.
 */
function recomputedChain(records: readonly Record_[]): boolean {
  let prev: string | null = null;
  return records.every((r, i) => {
    const { hash, ...unsigned } = r;
    const ok = r.seq === i + 1 && r.prev_hash === prev && sha256(canonicalize(unsigned)) === hash;
    prev = hash;
    return ok;
  });
}

describe("the witness", { timeout: 180_000 }, () => {
  it("signs after the person: required when named, recorded as tanik_imzaladi and printed", async () => {
    const c = await created({ tanik_ad: "Hemşire Elif Demir" });
    expect(c.witness).toEqual({ name: "Hemşire Elif Demir" });
    const missing = await personSigns(c);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: { witness_signature: ["tanığın imzası gerekli"] } });
    // A new code may be asked for a minute after the last one (decisions §7).
    await setServerClock(61_000, server.url, env.APP_SECRET);
    const cookie = await verified(tokenOf(c), c.id);
    const res = await signer(tokenOf(c), "sign", { signature: await signaturePng(), witness_signature: await signaturePng(), read: true, understood: true }, cookie, server.url);
    await setServerClock(0, server.url, env.APP_SECRET);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const evs = await events(c.id);
    expect(evs.find((e) => e.event === "tanik_imzaladi")).toMatchObject({ actor: "signer", data: { ad: "Hemşire Elif Demir", signature_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    // decisions §19: the witness after the person.
    expect(evs.findIndex((e) => e.event === "tanik_imzaladi")).toBeGreaterThan(evs.findIndex((e) => e.event === "imzalandi"));
    const done = (await api("GET", `/v1/consents/${c.id}`)).body;
    expect(textOf(await pdfOf(done))).toContain("Hemşire Elif Demir");
  });
});

describe("a refusal on record", { timeout: 180_000 }, () => {
  it("rejects a sent consent with its reason and witness, sends consent.rejected and seals a Ret Tutanağı", async () => {
    const c = await created();
    const res = await api("POST", `/v1/consents/${c.id}/refusal`, { reason: "Hasta imzalamak istemedi", tanik_ad: "Hemşire Elif Demir" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", reject_reason: "Hasta imzalamak istemedi" });
    const recorded = await documented(c.id);
    expect(recorded.document?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const evs = await events(c.id);
    expect(evs.find((e) => e.event === "ret_tutanagi")).toMatchObject({ actor: `api:${key.id}`, data: { reason: "Hasta imzalamak istemedi", tanik_ad: "Hemşire Elif Demir" } });
    await eventually(async () => hooks(c.id, "consent.rejected").length === 1);
    const file = await pdfOf(recorded);
    expect(pdfsig(file)).toContain("Signature is Valid");
    const text = textOf(file);
    for (const shown of ["Ret Tutanağı", "Hasta imzalamak istemedi", "Hemşire Elif Demir", "Deniz Kaya"]) expect(text).toContain(shown);
    const kanit = JSON.parse(detach(file, path.join(dataDir, `${c.id}-files`))["kanit.json"]!.toString("utf8")) as { events: { event: string }[] };
    expect(kanit.events.at(-1)!.event).toBe("ret_tutanagi");
    // Only a sent consent; both fields required.
    expect((await api("POST", `/v1/consents/${c.id}/refusal`, { reason: "x", tanik_ad: "y" })).status).toBe(409);
    const other = await created();
    const missing = await api<{ errors: Record<string, string[]> }>("POST", `/v1/consents/${other.id}/refusal`, { reason: "  " });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["reason", "tanik_ad"]);
    // decisions §25: without kaydeden the record names the institution and the key; no physician, no witness signature
    expect(evs.find((e) => e.event === "ret_tutanagi")!.data).toEqual({ reason: "Hasta imzalamak istemedi", tanik_ad: "Hemşire Elif Demir", kaydeden: null, hekim_ad: null, tanik_imza_sha256: null });
    expect(text).toMatch(/Demo Klinik — API: \S+/);
    expect(text).toContain("Tutanağı aşağıda adı geçen kişi düzenledi; tanık imzalamadı, adı kaydedildi.");
  });

  it("names who drew it up and the informing physician, and binds the witness's signature (decisions §25)", async () => {
    const c = await created();
    const witnessPad = await signaturePng("tanık imzası ret");
    const res = await api("POST", `/v1/consents/${c.id}/refusal`, { reason: "İmzalamayı reddetti", tanik_ad: "Hemşire Elif Demir", kaydeden: "Hemşire Ayten Kara", hekim_ad: "Dr. Şule Işık", tanik_imza: witnessPad });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const recorded = await documented(c.id);
    const evs = await events(c.id);
    expect(recomputedChain(evs)).toBe(true);
    expect(evs.find((e) => e.event === "ret_tutanagi")!.data).toEqual({
      reason: "İmzalamayı reddetti",
      tanik_ad: "Hemşire Elif Demir",
      kaydeden: "Hemşire Ayten Kara",
      hekim_ad: "Dr. Şule Işık",
      tanik_imza_sha256: sha256(dataUrlBytes(witnessPad)),
    });
    const file = await pdfOf(recorded);
    const text = textOf(file);
    for (const shown of ["Hemşire Ayten Kara", "Dr. Şule Işık", "Bilgilendirmeyi yapan hekim", "tanık imzasını ekrana çizdi", "TEST — yasal geçerliliği yoktur"]) expect(text).toContain(shown);
    expect(text).not.toContain("API:");
    // the witness's signature is drawn on the record
    expect(execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").filter((l) => /^\s+\d+\s+\d+\s+image/.test(l)).length).toBeGreaterThanOrEqual(1);
    // a pad that is not a signature is refused, naming it
    const other = await created();
    const blank = await api<{ errors: Record<string, string[]> }>("POST", `/v1/consents/${other.id}/refusal`, { reason: "x", tanik_ad: "y", tanik_imza: blankSignature() });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors)).toEqual(["tanik_imza"]);
  });
});
