// Reading, listing, events, cancel, resend and expiry of consents.
import { createHash } from "node:crypto";
// A second, independent RFC 8785 implementation: the service itself uses the `canonicalize` package.
import { canonicalize } from "json-canonicalize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, defaultKey, eventually, expectProblem, keys, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, eventsOf, outbox, quotaOf, uniq, type Consent } from "./consent-helpers";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});

type List = { data: Consent[]; count: number; limit: number; offset: number };

describe("GET /v1/consents/{id}", () => {
  it("returns the current object with masked national id and phone", async () => {
    const c = await createConsent(consentBody(kod, { tc: "10000000146" }));
    const res = await call<Consent>("GET", `/v1/consents/${c.id}`, { key: keys.onam_oku });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c);
    expect(res.text).not.toContain("10000000146");
    expect(res.text).not.toContain("5321234567");
  });

  it("answers 404 for an unknown id and for another tenant's consent", async () => {
    const c = await createConsent(consentBody(kod));
    expectProblem(await call("GET", "/v1/consents/ons_000000_doesnotexist00"), 404, "not_found");
    for (const path of [`/v1/consents/${c.id}`, `/v1/consents/${c.id}/events`]) {
      expectProblem(await call("GET", path, { key: keys.other }), 404, "not_found");
    }
    for (const path of [`/v1/consents/${c.id}/cancel`, `/v1/consents/${c.id}/resend`]) {
      expectProblem(await call("POST", path, { key: keys.other }), 404, "not_found");
    }
    // The same consent through FHIR R4 (decisions §21): an OperationOutcome 404 (tests/api/fhir*.test.ts).
    for (const path of [`/fhir/r4/Consent/${c.id.replaceAll("_", "-")}`, `/fhir/r4/DocumentReference/${c.id.replaceAll("_", "-")}`, `/fhir/r4/Consent/${c.id}`]) {
      const res = await call("GET", path, { key: keys.other });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ resourceType: "OperationOutcome", issue: [{ code: "not-found" }] });
    }
    expect((await call<Consent>("GET", `/v1/consents/${c.id}`)).body.status).toBe("sent");
  });
});

describe("GET /v1/consents", () => {
  const patient = uniq("hasta");
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const c = await createConsent(consentBody(kod, { dis_hasta_id: patient, dis_ref: `${patient}-ref-${i % 2}`, tc: i === 0 ? "12345678950" : undefined }));
      ids.push(c.id);
    }
  });

  it("counts all of the tenant's consents unfiltered: the kept total agrees with the rows and moves with creates", async () => {
    const total = async (key = defaultKey()) => (await call<List>("GET", "/v1/consents?limit=1", { key })).body.count;
    const before = await total();
    // Filtered counts count the rows themselves; the statuses partition them.
    let byStatus = 0;
    for (const status of ["sent", "completed", "rejected", "expired", "cancelled", "withdrawn"]) {
      byStatus += (await call<List>("GET", `/v1/consents?status=${status}&limit=1`)).body.count;
    }
    expect(before).toBeGreaterThanOrEqual(5);
    expect(byStatus).toBe(before);
    const otherBefore = await total(keys.other);
    await createConsent(consentBody(kod));
    await createConsent(consentBody(kod, { sms_gonder: true }));
    expect(await total()).toBe(before + 2);
    expect(await total(keys.other)).toBe(otherBefore);
  });

  it("returns { data, count, limit, offset }, newest first, count being all matches", async () => {
    const res = await call<List>("GET", `/v1/consents?external_patient_id=${patient}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.limit).toBe(2);
    expect(res.body.offset).toBe(0);
    expect(res.body.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    const page3 = await call<List>("GET", `/v1/consents?external_patient_id=${patient}&limit=2&offset=4`);
    expect(page3.body.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(page3.body.count).toBe(5);
  });

  it("defaults to limit 50 and offset 0", async () => {
    const res = await call<List>("GET", "/v1/consents");
    expect(res.body).toMatchObject({ limit: 50, offset: 0 });
    expect(res.body.data.length).toBeLessThanOrEqual(50);
  });

  it("filters by external_ref, national id digest, status and date range", async () => {
    expect((await call<List>("GET", `/v1/consents?external_ref=${patient}-ref-1`)).body.count).toBe(2);
    const byTc = await call<List>("GET", "/v1/consents?tc=12345678950");
    expect(byTc.body.data.map((c) => c.id)).toContain(ids[0]);
    expect(byTc.body.data.every((c) => c.patient.tc_masked === "123******50")).toBe(true);
    expect((await call<List>("GET", `/v1/consents?external_patient_id=${patient}&status=sent`)).body.count).toBe(5);
    expect((await call<List>("GET", `/v1/consents?external_patient_id=${patient}&status=completed`)).body.count).toBe(0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    expect((await call<List>("GET", `/v1/consents?external_patient_id=${patient}&from=${today}&to=${today}`)).body.count).toBe(5);
    expect((await call<List>("GET", `/v1/consents?external_patient_id=${patient}&to=2020-01-01`)).body.count).toBe(0);
    expect((await call<List>("GET", `/v1/consents?external_patient_id=${patient}&from=2099-01-01`)).body.count).toBe(0);
  });

  it("never lists another tenant's consents", async () => {
    const res = await call<List>("GET", `/v1/consents?external_patient_id=${patient}`, { key: keys.other });
    expect(res.body.count).toBe(0);
    // Nor finds them through FHIR, under either tenant's patient system.
    for (const tenant of ["acme", "other"]) {
      const q = encodeURIComponent(`${run.url}/fhir/sid/hasta/${tenant}|${patient}`);
      expect((await call("GET", `/fhir/r4/Consent?identifier=${q}`, { key: keys.other })).body).toMatchObject({ resourceType: "Bundle", total: 0 });
    }
    expect((await call("GET", `/fhir/r4/Consent?identifier=${encodeURIComponent(`${run.url}/fhir/sid/hasta/acme|${patient}`)}`)).body).toMatchObject({ total: 5 });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["limit=abc", "limit"],
    ["offset=-1", "offset"],
    ["status=imzali", "status"],
    ["from=2026-13-01", "from"],
    ["from=2026-02-01&to=2026-01-01", "to"],
  ])("refuses %s with 422 validation_failed", async (query, field) => {
    const p = expectProblem(await call("GET", `/v1/consents?${query}`), 422, "validation_failed");
    expect(Object.keys(p.errors as object)).toContain(field);
  });
});

describe("evidence events", () => {
  it("chains records per decisions §6, recomputable independently with JCS", async () => {
    const c = await createConsent(consentBody(kod, { sms_gonder: true }), { headers: { "User-Agent": "entegrasyon-testi/1.0" } });
    const ev = await eventsOf(c.id);
    expect(ev.chain).toEqual({ ok: true, count: 2 });
    const [first, second] = ev.data;
    expect(first).toEqual({
      seq: 1,
      event: "olusturuldu",
      at: c.created_at,
      ip: expect.any(String),
      user_agent: "entegrasyon-testi/1.0",
      actor: `api:${defaultKey().id}`,
      data: expect.objectContaining({ sms: true, template: { code: kod, version: 1, content_sha256: c.template.content_sha256 } }),
      prev_hash: null,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(second).toMatchObject({ seq: 2, event: "sms_gonderildi", actor: "system", prev_hash: first!.hash });
    let prev: string | null = null;
    for (const rec of ev.data) {
      const { hash, ...rest } = rec;
      expect(rest.prev_hash).toBe(prev);
      expect(createHash("sha256").update(canonicalize(rest), "utf8").digest("hex")).toBe(hash);
      prev = hash;
    }
  });

  it("does not fork under concurrent appends to one consent", async () => {
    const c = await createConsent(consentBody(kod));
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => call("POST", `/v1/consents/${c.id}/resend`)),
      call("POST", `/v1/consents/${c.id}/cancel`, { body: { reason: "yarış" } }),
    ]);
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const ev = await eventsOf(c.id);
    expect(ev.chain.ok).toBe(true);
    expect(ev.data.map((e) => e.seq)).toEqual(ev.data.map((_, i) => i + 1));
    expect(ev.data.filter((e) => e.event === "iptal_edildi")).toHaveLength(1);
    expect(ev.data.filter((e) => e.event === "yeniden_gonderildi").length).toBe(ok - 1);
  });
});

describe("cancel", () => {
  it("cancels an open consent with an optional reason, then refuses further changes with 409", async () => {
    const c = await createConsent(consentBody(kod));
    const res = await call<Consent>("POST", `/v1/consents/${c.id}/cancel`, { body: { reason: "Hasta vazgeçti" }, key: keys.onam_yaz });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", status_text: "İptal edildi", cancel_reason: "Hasta vazgeçti", cancelled_at: expect.stringMatching(/^\d{4}-/) });
    const ev = await eventsOf(c.id);
    expect(ev.data.at(-1)).toMatchObject({ event: "iptal_edildi", data: { reason: "Hasta vazgeçti" } });
    expectProblem(await call("POST", `/v1/consents/${c.id}/cancel`), 409, "invalid_state");
    expectProblem(await call("POST", `/v1/consents/${c.id}/resend`), 409, "invalid_state");
  });

  it("takes no body at all", async () => {
    const c = await createConsent(consentBody(kod));
    const res = await call<Consent>("POST", `/v1/consents/${c.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.cancel_reason).toBeNull();
  });
});

describe("resend", () => {
  it("sends the first short link again and consumes one unit", async () => {
    const c = await createConsent(consentBody(kod, { sms_gonder: true }));
    const before = await quotaOf();
    const res = await call<Consent>("POST", `/v1/consents/${c.id}/resend`, { key: keys.onam_yaz });
    expect(res.status).toBe(200);
    expect(res.body.link).toEqual(c.link);
    expect(await quotaOf()).toBe(before - 1);
    const lines = outbox().filter((l) => l.consent_id === c.id);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.body.includes(c.link.short))).toBe(true);
    const ev = await eventsOf(c.id);
    expect(ev.data.map((e) => e.event)).toEqual(["olusturuldu", "sms_gonderildi", "yeniden_gonderildi", "sms_gonderildi"]);
  });
});

describe("expiry", () => {
  afterAll(async () => {
    await setServerClock(0);
  });

  it("reads as expired past expires_at, refuses resend and cancel, and the sweep records suresi_doldu", async () => {
    const c = await createConsent(consentBody(kod, { gecerlilik_saat: 1 }));
    await setServerClock(2 * 3_600_000);
    const read = await call<Consent>("GET", `/v1/consents/${c.id}`);
    expect(read.body).toMatchObject({ status: "expired", status_text: "Süresi doldu" });
    const verified = await call("POST", "/v1/verify", { body: { id: c.id, sha256: "a".repeat(64) } });
    expect(verified.body).toMatchObject({ match: false, status: "expired" });
    expectProblem(await call("POST", `/v1/consents/${c.id}/resend`), 409, "invalid_state");
    expectProblem(await call("POST", `/v1/consents/${c.id}/cancel`), 409, "invalid_state");
    const listed = await call<List>("GET", `/v1/consents?status=expired&limit=200`);
    expect(listed.body.data.some((x) => x.id === c.id)).toBe(true);
    const ev = await eventually(async () => {
      const e = await eventsOf(c.id);
      return e.data.some((x) => x.event === "suresi_doldu") ? e : null;
    });
    expect(ev.chain.ok).toBe(true);
    expect(ev.data.at(-1)).toMatchObject({ event: "suresi_doldu", actor: "system" });
  });
});

describe("scopes", () => {
  it.each([
    ["GET", "/v1/consents", "onam_yaz"],
    ["GET", "/v1/consents", "sablon_oku"],
    ["POST", "/v1/consents", "onam_oku"],
    ["POST", "/v1/consents", "sablon_yaz"],
    ["POST", "/v1/consent/create", "onam_oku"],
    ["GET", "/v1/consents/ons_x", "onam_yaz"],
    ["GET", "/v1/consents/ons_x/events", "onam_yaz"],
    ["POST", "/v1/consents/ons_x/cancel", "onam_oku"],
    ["POST", "/v1/consents/ons_x/resend", "onam_oku"],
  ] as const)("%s %s with %s → 403", async (method, path, key) => {
    const res = await call(method, path, { key: keys[key], body: method === "POST" ? consentBody(kod) : undefined });
    expectProblem(res, 403, "forbidden_scope");
  });

  it("allows reads with onam:oku and writes with onam:yaz", async () => {
    const res = await call<Consent>("POST", "/v1/consents", { key: keys.onam_yaz, body: consentBody(kod) });
    expect(res.status).toBe(201);
    expect((await call("GET", `/v1/consents/${res.body.id}`, { key: keys.onam_oku })).status).toBe(200);
    expect((await call("GET", `/v1/consents/${res.body.id}/events`, { key: keys.onam_oku })).status).toBe(200);
    expect((await call("GET", "/v1/consents", { key: keys.onam_oku })).status).toBe(200);
  });
});
