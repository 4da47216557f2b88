// The FHIR R4 API (decisions §21) on the real server: the CapabilityStatement, reading a Consent,
// searching (status, date, identifier, _count and the next links), the same keys and scope as /v1,
// bad input answered by an OperationOutcome naming the parameter, never a 500, and never another
// tenant's data. Every resource served is validated against the R4 definitions, and against the
// schemas /v1/openapi.json documents for it.
import type { Bundle, CapabilityStatement, Consent as FhirConsent } from "@medplum/fhirtypes";
import { beforeAll, describe, expect, it } from "vitest";
import { call, keys, run } from "./client";
import { consentBody, createConsent, createTestTemplate, todayIstanbul, uniq, type Consent } from "./consent-helpers";
import { expectOutcome, expectResource, fhir, fhirId, systemsOf } from "./fhir-helpers";
import { responseValidator, type OpenApiDoc } from "./openapi-validator";

let kod: string;
let v: ReturnType<typeof responseValidator>;
const sid = systemsOf(run.url);

beforeAll(async () => {
  kod = await createTestTemplate();
  v = responseValidator((await (await fetch(`${run.url}/v1/openapi.json`)).json()) as OpenApiDoc);
}, 180_000);

describe("GET /fhir/r4/metadata", () => {
  it("is public and states what is served: Consent read and search, DocumentReference read, Basic keys", async () => {
    const res = await fhir("/metadata", { key: null });
    const cs = await expectResource<CapabilityStatement>(res, "CapabilityStatement");
    v.expectDocumented("/fhir/r4/metadata", "GET", res);
    expect(cs).toMatchObject({ fhirVersion: "4.0.1", kind: "instance", implementation: { url: `${run.url}/fhir/r4` } });
    const rest = cs.rest![0]!;
    expect(rest.security?.service?.[0]?.coding?.[0]?.code).toBe("Basic");
    expect(rest.resource!.map((r) => [r.type, r.interaction!.map((i) => i.code)])).toEqual([
      ["Consent", ["read", "search-type"]],
      ["DocumentReference", ["read"]],
    ]);
    expect(rest.resource![0]!.searchParam!.map((p) => p.name)).toEqual(["status", "date", "identifier"]);
    await expectOutcome(await fhir("/metadata", { method: "POST", key: null }), 405, "method_not_allowed");
  });
});

describe("GET /fhir/r4/Consent/{id}", () => {
  let c: Consent;
  beforeAll(async () => {
    c = await createConsent(consentBody(kod, { dis_hasta_id: uniq("H"), dis_ref: uniq("PROT") }));
  });

  it("answers the tenant's consent as a valid R4 Consent, the ids under the tenant's own systems", async () => {
    const res = await fhir(`/Consent/${fhirId(c.id)}`, { key: keys.onam_oku });
    const consent = await expectResource<FhirConsent>(res, "Consent");
    v.expectDocumented("/fhir/r4/Consent/{id}", "GET", res);
    expect(consent).toMatchObject({
      id: fhirId(c.id),
      status: "proposed",
      identifier: [
        { use: "official", system: sid.consent, value: c.id },
        { system: sid.externalRef, value: c.external_ref },
      ],
      scope: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/consentscope", code: "treatment" }] },
      category: [{ coding: [{ system: "http://loinc.org", code: "59284-0" }] }],
      patient: { type: "Patient", identifier: { system: sid.patient, value: c.external_patient_id }, display: "Ayşe Yılmaz" },
      dateTime: `${c.created_at.replace(" ", "T")}+03:00`,
      performer: [{ type: "Organization", identifier: { system: sid.institution, value: "acme" }, display: "Acme Diş Kliniği" }],
      organization: [{ display: "Acme Diş Kliniği" }],
      policy: [{ uri: `${run.url}/fhir/sid/sablon/acme/${kod}/1` }],
    });
    // Not signed, not answered, no document: nothing to say about them.
    for (const absent of ["provision", "verification", "sourceReference"]) expect(consent).not.toHaveProperty(absent);
    // The /v1 spelling of the id names the same resource.
    expect((await fhir(`/Consent/${c.id}`)).body).toEqual(consent);
  });

  it("needs the /v1 keys with onam:oku: 401 without or with wrong ones, 403 without the scope", async () => {
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: null }), 401, "unauthorized");
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: { id: keys.all.id, secret: "sk_wrong" } }), 401, "unauthorized");
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: keys.revoked }), 401, "unauthorized");
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: keys.sablon_oku }), 403, "forbidden_scope");
    await expectOutcome(await fhir("/Consent", { key: keys.onam_yaz }), 403, "forbidden_scope");
  });

  it("answers 404 for an unknown id, another tenant's consent and a name no consent can have", async () => {
    for (const id of ["ons-000000-doesnotexist00", "Patient", "ons_261122_%00x", "x".repeat(300)]) {
      await expectOutcome(await fhir(`/Consent/${id}`), 404, "not_found");
    }
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: keys.other }), 404, "not_found");
    await expectOutcome(await fhir(`/DocumentReference/${fhirId(c.id)}`, { key: keys.other }), 404, "not_found");
    // No document yet: no DocumentReference either.
    await expectOutcome(await fhir(`/DocumentReference/${fhirId(c.id)}`), 404, "not_found");
  });

  it("answers OperationOutcomes for other methods, resources and malformed addresses", async () => {
    const post = await fhir("/Consent", { method: "POST", body: { resourceType: "Consent" } });
    await expectOutcome(post, 405, "method_not_allowed");
    expect(post.headers.get("allow")).toBe("GET");
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { method: "DELETE" }), 405, "method_not_allowed");
    await expectOutcome(await fhir("/Patient/123"), 404, "not_found");
    await expectOutcome(await fhir(""), 404, "not_found");
    await expectOutcome(await fhir("/Consent/%zz"), 404, "not_found");
    expect((await fhir("/Consent", { method: "OPTIONS" })).status).toBe(204);
  });
});

describe("GET /fhir/r4/Consent (search)", () => {
  const patient = uniq("hasta");
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await createConsent(consentBody(kod, { dis_hasta_id: patient, dis_ref: `${patient}-${i}` }))).id);
    // Cancelled: entered-in-error.
    expect((await call("POST", `/v1/consents/${ids[0]}/cancel`, { body: {} })).status).toBe(200);
  });
  const byPatient = `identifier=${encodeURIComponent(`${sid.patient}|${patient}`)}`;
  const entryIds = (b: Bundle) => (b.entry ?? []).map((e) => e.resource!.id);

  it("finds the consents of the institution's patient id: a valid searchset Bundle, newest first, total of all matches", async () => {
    const res = await fhir(`/Consent?${byPatient}`);
    const bundle = await expectResource<Bundle>(res, "Bundle");
    v.expectDocumented("/fhir/r4/Consent", "GET", res);
    expect(bundle).toMatchObject({ type: "searchset", total: 5, link: [{ relation: "self", url: `${run.url}/fhir/r4/Consent?${byPatient}` }] });
    expect(entryIds(bundle)).toEqual([...ids].reverse().map(fhirId));
    expect(bundle.entry![0]).toMatchObject({ fullUrl: `${run.url}/fhir/r4/Consent/${fhirId(ids[4]!)}`, search: { mode: "match" } });
  });

  it("pages with _count through next links, each page once, the total unchanged by consents created meanwhile", async () => {
    let url: string | undefined = `/Consent?${byPatient}&_count=2`;
    const seen: string[] = [];
    let pages = 0;
    while (url) {
      const bundle: Bundle = await expectResource<Bundle>(await fhir(url), "Bundle");
      expect(bundle.total).toBe(5);
      expect(bundle.entry!.length).toBeLessThanOrEqual(2);
      seen.push(...entryIds(bundle).map(String));
      const next = bundle.link!.find((l) => l.relation === "next")?.url;
      expect(next === undefined || next.startsWith(`${run.url}/fhir/r4/Consent?`)).toBe(true);
      url = next?.slice(`${run.url}/fhir/r4`.length);
      // A consent created while paging is newer than every page: it shifts none of them.
      if (pages++ === 0) await createConsent(consentBody(kod));
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse().map(fhirId));
    const none = await expectResource<Bundle>(await fhir(`/Consent?${byPatient}&_count=0`), "Bundle");
    expect(none.total).toBe(5);
    expect(none.entry).toBeUndefined();
    expect(none.link!.map((l) => l.relation)).toEqual(["self"]);
  });

  it("filters by status (comma: any of them), date (prefixes, ranges) and the other identifiers", async () => {
    const total = async (q: string) => (await expectResource<Bundle>(await fhir(`/Consent?${byPatient}&${q}`), "Bundle")).total;
    expect(await total("status=proposed")).toBe(4);
    expect(await total("status=entered-in-error")).toBe(1);
    expect(await total("status=active,entered-in-error")).toBe(1);
    expect(await total("status=active")).toBe(0);
    const today = todayIstanbul();
    expect(await total(`date=${today}`)).toBe(5);
    expect(await total(`date=ge${today}&date=lt2999-01-01`)).toBe(5);
    expect(await total("date=lt2020-01-01")).toBe(0);
    expect(await total(`date=gt${today}`)).toBe(0);
    const q = (system: string, value: string) => `identifier=${encodeURIComponent(`${system}|${value}`)}`;
    const one = async (query: string) => entryIds(await expectResource<Bundle>(await fhir(`/Consent?${query}`), "Bundle"));
    expect(await one(q(sid.externalRef, `${patient}-3`))).toEqual([fhirId(ids[3]!)]);
    expect(await one(q(sid.consent, ids[2]!))).toEqual([fhirId(ids[2]!)]);
    expect(await one(q("urn:oid:2.16.792.1.56.5.2.1.1", patient))).toEqual([]);
  });

  it("never finds another tenant's consents, whatever system the other tenant names", async () => {
    for (const query of [byPatient, `identifier=${encodeURIComponent(`${systemsOf(run.url, "other").patient}|${patient}`)}`, `identifier=${encodeURIComponent(`${sid.consent}|${ids[1]}`)}`]) {
      const bundle = await expectResource<Bundle>(await fhir(`/Consent?${query}`, { key: keys.other }), "Bundle");
      expect(bundle.total).toBe(0);
      expect(bundle.entry).toBeUndefined();
    }
    const all = await expectResource<Bundle>(await fhir("/Consent?_count=100", { key: keys.other }), "Bundle");
    expect(all.entry?.some((e) => ids.map(fhirId).includes(e.resource!.id!))).not.toBe(true);
  });

  it.each([
    ["foo=bar", "foo"],
    ["patient=Patient/1", "patient"],
    ["_count=101", "_count"],
    ["_count=abc", "_count"],
    ["date=2026-13-45", "date"],
    ["date=yesterday", "date"],
    ["date=ne2026-01-01", "date"],
    ["status=signed", "status"],
    ["identifier=H-1", "identifier"],
    ["_page_token=%C3%A7%C3%A7", "_page_token"],
    ["_format=xml", "_format"],
    ["status=%00", "status"],
  ])("refuses %s with an OperationOutcome 400 naming %s", async (query, param) => {
    const res = await fhir(`/Consent?${query}`);
    await expectOutcome(res, 400, "bad_request", param);
    v.expectDocumented("/fhir/r4/Consent", "GET", res);
  });

  it("asks for credentials before it looks at the parameters", async () => {
    await expectOutcome(await fhir("/Consent?foo=bar", { key: null }), 401, "unauthorized");
  });
});
