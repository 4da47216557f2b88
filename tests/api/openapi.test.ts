// The OpenAPI document (GET /v1/openapi.json, public) is a valid OpenAPI 3.1 document, and the real
// server's responses match the schemas it documents for them, errors included. /docs renders it offline.
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { call, eventually, keys, run } from "./client";
import { consentBody, createConsent, createTestTemplate, uniq, type Consent } from "./consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { responseValidator, type OpenApiDoc } from "./openapi-validator";

let doc: OpenApiDoc;
let v: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  const res = await fetch(`${run.url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApiDoc;
  v = responseValidator(doc);
});

describe("the document", () => {
  it("is served without credentials and is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every /v1 and FHIR endpoint, Basic auth, the problem codes of decisions §2, the eight webhooks and the test event", () => {
    const ops = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => m !== "parameters").map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual(
      [
        "GET /v1/me",
        "GET /v1/templates",
        "POST /v1/templates",
        "GET /v1/templates/{kod}",
        "PUT /v1/templates/{kod}",
        // decisions §22: the read-aloud recording of a language's text
        "GET /v1/templates/{kod}/audio/{dil}",
        "PUT /v1/templates/{kod}/audio/{dil}",
        "DELETE /v1/templates/{kod}/audio/{dil}",
        "GET /v1/consents",
        "POST /v1/consents",
        "POST /v1/consent/create",
        "GET /v1/consents/{id}",
        "GET /v1/consents/{id}/events",
        "POST /v1/consents/{id}/resend",
        "POST /v1/consents/{id}/cancel",
        "POST /v1/consents/{id}/withdraw",
        "POST /v1/consents/{id}/countersign",
        // decisions §24: the physician's qualified countersignature, first step
        "POST /v1/consents/{id}/countersign/prepare",
        "POST /v1/consents/{id}/refusal",
        "POST /v1/consents/{id}/reconsent",
        "POST /v1/consents/{id}/timestamp",
        "POST /v1/verify",
        "GET /v1/openapi.json",
        // decisions §21: the FHIR R4 reads (tests/api/fhir*.test.ts hold their live answers to the document)
        "GET /fhir/r4/metadata",
        "GET /fhir/r4/Consent",
        "GET /fhir/r4/Consent/{id}",
        "GET /fhir/r4/DocumentReference/{id}",
        // decisions §20: the transparency log, public
        "GET /log/checkpoint",
        "GET /log/key",
        "GET /log/proof",
        "GET /log/consistency",
        "GET /log/checkpoint.tsr",
      ].sort(),
    );
    expect(doc.security).toEqual([{ basicAuth: [] }]);
    expect((doc.components as unknown as { securitySchemes: unknown }).securitySchemes).toMatchObject({ basicAuth: { type: "http", scheme: "basic" } });
    const problem = doc.components.schemas.Problem as { properties: { code: { enum: string[] } } };
    for (const code of ["bad_request", "unauthorized", "quota_exhausted", "license_expired", "forbidden_scope", "not_found", "method_not_allowed", "invalid_state", "idempotency_conflict", "purged", "payload_too_large", "unsupported_media_type", "missing_variables", "validation_failed", "template_unavailable", "rate_limited", "internal"]) {
      expect(problem.properties.code.enum).toContain(code);
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      "consent.cancelled",
      "consent.completed",
      "consent.expired",
      "consent.reconsent_required",
      "consent.rejected",
      "consent.signed",
      "consent.superseded",
      "consent.withdrawn",
      "webhook.test",
    ]);
    for (const [event, w] of Object.entries(doc.webhooks)) {
      expect(w.post.parameters.map((p) => p.name)).toEqual(["X-Service-Event", "X-Service-Delivery", "X-Service-Timestamp", "X-Service-Signature", "webhook-id", "webhook-timestamp", "webhook-signature"]);
      const { schema } = w.post.requestBody.content["application/json"]!;
      const payload = doc.components.schemas[(schema.$ref as string).split("/").at(-1)!] as { required: string[] };
      expect(payload.required.sort(), event).toEqual(["created_at", "data", "delivery_id", "event"]);
    }
  });

  it("gives the FHIR routes their security (the /v1 keys with onam:oku; metadata public) and application/fhir+json only", () => {
    const fhir = Object.entries(doc.paths).filter(([p]) => p.startsWith("/fhir/"));
    expect(fhir).toHaveLength(4);
    for (const [p, item] of fhir) {
      const op = item.get as unknown as { security?: unknown[]; description?: string; responses: Record<string, { content?: Record<string, unknown> }> };
      if (p === "/fhir/r4/metadata") expect(op.security).toEqual([]);
      else {
        expect(op.security, p).toBeUndefined();
        expect(op.description, p).toContain("Scope: `onam:oku`.");
        expect(Object.keys(op.responses), p).toEqual(expect.arrayContaining(["200", "401", "403"]));
      }
      for (const [status, r] of Object.entries(op.responses)) expect(Object.keys(r.content ?? {}), `${p} ${status}`).toEqual(["application/fhir+json"]);
    }
  });

  it("gives the /log routes no security, their own media types and problem+json errors, and they answer as documented", async () => {
    const log = Object.entries(doc.paths).filter(([p]) => p.startsWith("/log/"));
    expect(log.map(([p]) => p).sort()).toEqual(["/log/checkpoint", "/log/checkpoint.tsr", "/log/consistency", "/log/key", "/log/proof"]);
    const media = (p: string) => (doc.paths[p]!.get as unknown as { security: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> });
    for (const [p] of log) {
      expect(media(p).security, p).toEqual([]);
      expect(Object.keys(media(p).responses["404"]?.content ?? {}), p).toEqual(p === "/log/key" ? [] : ["application/problem+json"]);
    }
    expect(Object.keys(media("/log/checkpoint").responses["200"]!.content!)).toEqual(["text/plain"]);
    expect(Object.keys(media("/log/key").responses["200"]!.content!)).toEqual(["text/plain"]);
    expect(Object.keys(media("/log/checkpoint.tsr").responses["200"]!.content!)).toEqual(["application/timestamp-reply"]);

    const get = async (path: string) => {
      const res = await fetch(`${run.url}${path}`);
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
    };
    // The log holds a record whatever ran before this file (CI runs the API files in shards); a
    // checkpoint of the empty tree, if one was read, is signed anew once it is a minute old.
    await createConsent({ ...consentBody(await createTestTemplate()), sms_gonder: false });
    const size = await eventually(async () => Number((await (await fetch(`${run.url}/log/checkpoint`)).text()).split("\n")[1]), 75_000);
    v.expectDocumented("/log/consistency", "GET", await get(`/log/consistency?first=1&second=${size}`));
    v.expectDocumented("/log/consistency", "GET", await get(`/log/consistency?first=1&second=${size + 1_000_000}`));
    v.expectDocumented("/log/proof", "GET", await get(`/log/proof?hash=${"ab".repeat(32)}&size=${size}`));
    v.expectDocumented("/log/proof", "GET", await get("/log/proof?hash=nope&size=1"));
  });

  it("has examples that match their own schemas", () => {
    const create = doc.paths["/v1/consents"]!.post as unknown as {
      requestBody: { content: { "application/json": { example: unknown } } };
      responses: { "201": { content: { "application/json": { example: unknown } } } };
    };
    expect(v.validateRef("#/components/schemas/CreateConsentRequest", create.requestBody.content["application/json"].example)).toEqual([]);
    expect(v.validateRef("#/components/schemas/Consent", create.responses["201"].content["application/json"].example)).toEqual([]);
    const me = doc.paths["/v1/me"]!.get as unknown as { responses: { "200": { content: { "application/json": { example: unknown } } } } };
    expect(v.validateRef("#/components/schemas/Me", me.responses["200"].content["application/json"].example)).toEqual([]);
    for (const [event, w] of Object.entries(doc.webhooks)) {
      const { schema, example } = w.post.requestBody.content["application/json"] as { schema: { $ref: string }; example: unknown };
      expect(v.validateRef(schema.$ref, example), event).toEqual([]);
    }
  });
});

describe("live responses match the documented schemas", () => {
  let kod: string;
  let consent: Consent;

  it("GET /v1/me, templates (POST, GET list, GET detail, PUT)", async () => {
    v.expectDocumented("/v1/me", "GET", await call("GET", "/v1/me"));
    const tpl = await call("POST", "/v1/templates", {
      body: { kod: uniq("oa"), baslik: "Şema testi", govde: "<p>{adsoyad} {doz}</p>", degiskenler: [{ ad: "doz", tip: "sayi", zorunlu: true, varsayilan: "5" }] },
    });
    v.expectDocumented("/v1/templates", "POST", tpl);
    v.expectDocumented("/v1/templates", "GET", await call("GET", "/v1/templates"));
    kod = await createTestTemplate();
    v.expectDocumented("/v1/templates/{kod}", "GET", await call("GET", `/v1/templates/${kod}`));
    v.expectDocumented("/v1/templates/{kod}", "PUT", await call("PUT", `/v1/templates/${kod}`, { body: { baslik: "Yeni başlık" } }));
  });

  it("consents: create, read, list, events, cancel, and the alias", async () => {
    const created = await call<Consent>("POST", "/v1/consents", { body: consentBody(kod, { tc: "10000000146", dis_ref: "OA-1", hayvan_ad: "Pamuk" }) });
    v.expectDocumented("/v1/consents", "POST", created);
    consent = created.body;
    v.expectDocumented("/v1/consent/create", "POST", await call("POST", "/v1/consent/create", { body: consentBody(kod) }));
    v.expectDocumented("/v1/consents/{id}", "GET", await call("GET", `/v1/consents/${consent.id}`));
    v.expectDocumented("/v1/consents", "GET", await call("GET", "/v1/consents?limit=5"));
    v.expectDocumented("/v1/consents/{id}/events", "GET", await call("GET", `/v1/consents/${consent.id}/events`));
    const other = await call<Consent>("POST", "/v1/consents", { body: consentBody(kod) });
    v.expectDocumented("/v1/consents/{id}/cancel", "POST", await call("POST", `/v1/consents/${other.body.id}/cancel`, { body: { reason: "test" } }));
  });

  it("a signed consent, its timestamp retry, POST /v1/verify and its withdrawal", async () => {
    const cookie = await verifiedSession(tokenOf(consent), consent.id);
    expect((await signer(tokenOf(consent), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const signed = await call<Consent & { document: { sha256: string } }>("GET", `/v1/consents/${consent.id}`);
    v.expectDocumented("/v1/consents/{id}", "GET", signed);
    v.expectDocumented("/v1/consents/{id}/events", "GET", await call("GET", `/v1/consents/${consent.id}/events`));
    v.expectDocumented("/v1/consents/{id}/timestamp", "POST", await call("POST", `/v1/consents/${consent.id}/timestamp`));
    v.expectDocumented("/v1/verify", "POST", await call("POST", "/v1/verify", { body: { id: consent.id, sha256: signed.body.document.sha256 } }));
    v.expectDocumented("/v1/verify", "POST", await call("POST", "/v1/verify", { body: { id: consent.id, sha256: "0".repeat(64) } }));
    v.expectDocumented("/v1/consents/{id}/withdraw", "POST", await call("POST", `/v1/consents/${consent.id}/withdraw`, { body: { reason: "vazgeçti" } }));
    v.expectDocumented("/v1/consents/{id}/withdraw", "POST", await call("POST", `/v1/consents/${consent.id}/withdraw`, { body: {} }));
  });

  it("decisions §19: a countersignature (and its 409 and 422), a refusal on record", async () => {
    const c = (await call<Consent>("POST", "/v1/consents", { body: consentBody(kod, { hekim_imzasi: true, tanik_ad: "Tanık Kişi" }) })).body;
    v.expectDocumented("/v1/consents/{id}/countersign", "POST", await call("POST", `/v1/consents/${c.id}/countersign`, { body: { hekim_ad: "Dr. X", bilgilendirme_zamani: "2026-11-22 09:00:00", imza: await signaturePng() } }));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    const png = await signaturePng();
    expect((await signer(tokenOf(c), "sign", { signature: png, witness_signature: png, read: true, understood: true }, cookie)).status).toBe(200);
    v.expectDocumented("/v1/consents/{id}", "GET", await call("GET", `/v1/consents/${c.id}`));
    v.expectDocumented("/v1/consents/{id}/countersign", "POST", await call("POST", `/v1/consents/${c.id}/countersign`, { body: { hekim_ad: "Dr. X", bilgilendirme_zamani: "yarın", imza: png } }));
    const informed = new Date(Date.now() - 60_000 + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    v.expectDocumented("/v1/consents/{id}/countersign", "POST", await call("POST", `/v1/consents/${c.id}/countersign`, { body: { hekim_ad: "Dr. X", hekim_tescil_no: "123", bilgilendirme_zamani: informed, imza: png } }));
    const refused = (await call<Consent>("POST", "/v1/consents", { body: consentBody(kod) })).body;
    v.expectDocumented("/v1/consents/{id}/refusal", "POST", await call("POST", `/v1/consents/${refused.id}/refusal`, { body: { reason: "İmzalamak istemedi", tanik_ad: "Tanık Kişi" } }));
    v.expectDocumented("/v1/consents/{id}/refusal", "POST", await call("POST", `/v1/consents/${refused.id}/refusal`, { body: { reason: "x", tanik_ad: "y" } }));
  });

  it("problem responses: 400, 401, 402, 403, 404, 405, 409, 415, 422", async () => {
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { raw: "{nope", headers: { "Content-Type": "application/json" } }));
    v.expectDocumented("/v1/me", "GET", await call("GET", "/v1/me", { key: null }));
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { key: keys.empty, body: { ...consentBody("genel"), sms_gonder: true } }));
    v.expectDocumented("/v1/templates", "GET", await call("GET", "/v1/templates", { key: keys.onam_oku }));
    v.expectDocumented("/v1/consents/{id}", "GET", await call("GET", "/v1/consents/ons_000000_doesnotexist00"));
    // 405 is documented under each operation of a path (the wrapper answers every other method with it).
    v.expectDocumented("/v1/me", "GET", await call("POST", "/v1/me", { body: {} }));
    v.expectDocumented("/v1/consents/{id}/cancel", "POST", await call("POST", `/v1/consents/${consent.id}/cancel`, { body: {} }));
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { raw: "a=b", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { body: consentBody(kod, { adsoyad: "A" }) }));
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { body: consentBody(kod, { degiskenler: {} }) }));
    v.expectDocumented("/v1/consents", "POST", await call("POST", "/v1/consents", { body: consentBody("yok-boyle-sablon") }));
    v.expectDocumented("/v1/consents", "GET", await call("GET", "/v1/consents?limit=0"));
    v.expectDocumented("/v1/templates", "POST", await call("POST", "/v1/templates", { body: { kod, baslik: "x", govde: "<p>x</p>" } }));
  });

  it("the openapi route answers other methods with 405 problem+json", async () => {
    const res = await call("POST", "/v1/openapi.json", { key: null, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(v.validateRef("#/components/schemas/Problem", res.body)).toEqual([]);
  });
});

describe("/docs", () => {
  it("serves the Scalar reference page and its bundle from the app, not a CDN", async () => {
    const page = await fetch(`${run.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/v1/openapi.json");
    expect(html).toContain('src="/docs/scalar.js"');
    expect(html).not.toMatch(/https?:\/\//);
    const js = await fetch(`${run.url}/docs/scalar.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
