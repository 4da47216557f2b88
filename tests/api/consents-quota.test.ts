// Quota and licence (decisions §11) and Idempotency-Key (decisions §4) on consent creation.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, keys } from "./client";
import { consentBody, createTestTemplate, quotaOf, uniq, type Consent } from "./consent-helpers";

const templates: Record<string, string> = {};
beforeAll(async () => {
  for (const k of ["race", "empty", "lapsed", "unlimited"] as const) templates[k] = await createTestTemplate({ key: keys[k] });
  templates.acme = await createTestTemplate();
});

describe("quota", () => {
  it("gives exactly 20 of 100 concurrent SMS creates a consent against a quota of 20, never going below zero", async () => {
    const ref = uniq("race");
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        call("POST", "/v1/consents", { key: keys.race, body: consentBody(templates.race!, { sms_gonder: true, dis_ref: ref }) }),
      ),
    );
    // Anything but 201 or 402 (a busy database, say) shows up here with its body.
    expect(results.filter((r) => r.status !== 201 && r.status !== 402)).toEqual([]);
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 402);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(80);
    for (const r of refused) expectProblem(r, 402, "quota_exhausted");
    expect(await quotaOf({ key: keys.race })).toBe(0);
    const list = await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`, { key: keys.race });
    expect(list.body.count).toBe(20);
  });

  it("refuses an SMS create with 402 quota_exhausted at zero, but creates without SMS for free", async () => {
    const ref = uniq("empty");
    expectProblem(await call("POST", "/v1/consents", { key: keys.empty, body: consentBody(templates.empty!, { sms_gonder: true, dis_ref: ref }) }), 402, "quota_exhausted");
    expect((await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`, { key: keys.empty })).body.count).toBe(0);
    const free = await call<Consent>("POST", "/v1/consents", { key: keys.empty, body: consentBody(templates.empty!) });
    expect(free.status).toBe(201);
    expectProblem(await call("POST", `/v1/consents/${free.body.id}/resend`, { key: keys.empty }), 402, "quota_exhausted");
    expect(await quotaOf({ key: keys.empty })).toBe(0);
  });

  it("refuses any create or resend after the licence ended with 402 license_expired", async () => {
    expectProblem(await call("POST", "/v1/consents", { key: keys.lapsed, body: consentBody(templates.lapsed!) }), 402, "license_expired");
    expectProblem(await call("POST", "/v1/consents", { key: keys.lapsed, body: consentBody(templates.lapsed!, { sms_gonder: true }) }), 402, "license_expired");
    // The licence is checked before the template: 402, not 422 template_unavailable.
    expectProblem(await call("POST", "/v1/consents", { key: keys.lapsed, body: consentBody("yok-boyle-sablon") }), 402, "license_expired");
    expect(await quotaOf({ key: keys.lapsed })).toBe(50);
  });

  it("never runs out on an unlimited tenant", async () => {
    const me = await call<{ quota: { remaining: number; unlimited: boolean } }>("GET", "/v1/me", { key: keys.unlimited });
    expect(me.body.quota.unlimited).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect((await call("POST", "/v1/consents", { key: keys.unlimited, body: consentBody(templates.unlimited!, { sms_gonder: true }) })).status).toBe(201);
    }
    expect(await quotaOf({ key: keys.unlimited })).toBe(me.body.quota.remaining);
  });
});

describe("Idempotency-Key on POST /v1/consents", () => {
  it("creates once and consumes once for a replayed request", async () => {
    const ref = uniq("idem");
    const headers = { "Idempotency-Key": ref };
    const before = await quotaOf();
    const body = consentBody(templates.acme!, { sms_gonder: true, dis_ref: ref });
    const first = await call<Consent>("POST", "/v1/consents", { body, headers });
    const again = await call<Consent>("POST", "/v1/consents", { body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await quotaOf()).toBe(before - 1);
    expect((await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`)).body.count).toBe(1);
  });

  it("creates once when the same request races itself", async () => {
    const ref = uniq("idem-race");
    const headers = { "Idempotency-Key": ref };
    const body = consentBody(templates.acme!, { dis_ref: ref });
    const results = await Promise.all(Array.from({ length: 5 }, () => call<Consent>("POST", "/v1/consents", { body, headers })));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await call<{ count: number }>("GET", `/v1/consents?external_ref=${ref}`)).body.count).toBe(1);
  });

  it("replays a retry sent through the alias POST /v1/consent/create as the same request", async () => {
    const ref = uniq("idem-alias");
    const headers = { "Idempotency-Key": ref };
    const body = consentBody(templates.acme!, { dis_ref: ref });
    const first = await call<Consent>("POST", "/v1/consent/create", { body, headers });
    const again = await call<Consent>("POST", "/v1/consents", { body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
  });

  it("answers 409 idempotency_conflict for the same key with a different body", async () => {
    const ref = uniq("idem-conflict");
    const headers = { "Idempotency-Key": ref };
    expect((await call("POST", "/v1/consents", { body: consentBody(templates.acme!, { dis_ref: ref }), headers })).status).toBe(201);
    expectProblem(await call("POST", "/v1/consents", { body: consentBody(templates.acme!, { dis_ref: `${ref}-2` }), headers }), 409, "idempotency_conflict");
  });

  it("treats the same JSON in another key order or spacing as the same body, and replays", async () => {
    const ref = uniq("idem-json");
    const headers = { "Idempotency-Key": ref };
    const body = consentBody(templates.acme!, { dis_ref: ref });
    const first = await call<Consent>("POST", "/v1/consents", { body, headers });
    expect(first.status).toBe(201);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
    const again = await call<Consent>("POST", "/v1/consents", { raw: reordered, headers: { ...headers, "Content-Type": "application/json" } });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
  });

  it("works on cancel: a replay answers the first 200 instead of 409", async () => {
    const c = await call<Consent>("POST", "/v1/consents", { body: consentBody(templates.acme!) });
    const headers = { "Idempotency-Key": uniq("cancel") };
    const first = await call("POST", `/v1/consents/${c.body.id}/cancel`, { headers });
    const again = await call("POST", `/v1/consents/${c.body.id}/cancel`, { headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
});
