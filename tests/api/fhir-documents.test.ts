// FHIR R4 resources of consents through their lives (decisions §21) on the real server: the status
// map of every outcome, the signature's provision period, the OTP verification, the physician's
// countersignature (§19), the witness, a refusal on record, and the sealed PDF as a
// DocumentReference whose signed link serves exactly the bytes its size and hash describe. Each
// resource validated against the R4 definitions and the OpenAPI document.
import { createHash } from "node:crypto";
import type { Consent as FhirConsent, DocumentReference } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually, keys, run, setServerClock } from "./client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "./consent-helpers";
import { expectOutcome, expectResource, fhir, fhirId, personDeclines, personSigns, systemsOf } from "./fhir-helpers";
import { responseValidator, type OpenApiDoc } from "./openapi-validator";
import { signaturePng } from "./signing-helpers";

type V1 = Consent & { signed_at: string | null; withdrawn_at: string | null; document: { sha256: string; pdf_url: string } | null };
let kod: string;
let v: ReturnType<typeof responseValidator>;
const sid = systemsOf(run.url);
const iso = (wall: string) => `${wall.replace(" ", "T")}+03:00`;
const v1 = async (id: string) => (await call<V1>("GET", `/v1/consents/${id}`)).body;
const withDocument = (id: string) => eventually(async () => ((await v1(id)).document ? v1(id) : null), DOCUMENT_WAIT_MS);

async function consentOf(id: string): Promise<FhirConsent> {
  const res = await fhir(`/Consent/${fhirId(id)}`);
  v.expectDocumented("/fhir/r4/Consent/{id}", "GET", res);
  return expectResource<FhirConsent>(res, "Consent");
}

async function documentOf(id: string): Promise<DocumentReference> {
  const res = await fhir(`/DocumentReference/${fhirId(id)}`);
  v.expectDocumented("/fhir/r4/DocumentReference/{id}", "GET", res);
  return expectResource<DocumentReference>(res, "DocumentReference");
}

beforeAll(async () => {
  kod = await createTestTemplate();
  v = responseValidator((await (await fetch(`${run.url}/v1/openapi.json`)).json()) as OpenApiDoc);
}, 180_000);

afterAll(() => setServerClock(0));

describe("a signed consent", { timeout: 180_000 }, () => {
  let c: V1;
  beforeAll(async () => {
    const created = await createConsent(consentBody(kod, { dis_hasta_id: "H-FHIR-1" }));
    await personSigns(created);
    c = await withDocument(created.id);
  });

  it("is active from its signature, verified by the code sent to the phone, its document the source", async () => {
    const consent = await consentOf(c.id);
    expect(consent.status).toBe("active");
    expect(consent.provision).toEqual({ type: "permit", period: { start: iso(c.signed_at!) } });
    const [verification] = consent.verification!;
    expect(verification).toMatchObject({ verified: true, verifiedWith: { type: "Patient", display: `Ayşe Yılmaz (SMS ${c.patient.phone})` } });
    expect(Date.parse(verification!.verificationDate!)).toBeLessThanOrEqual(Date.parse(iso(c.signed_at!)));
    expect(consent.sourceReference).toEqual({ reference: `DocumentReference/${fhirId(c.id)}` });
  });

  it("serves the sealed PDF as a DocumentReference: a signed link to exactly the bytes its size and SHA-1 describe", async () => {
    const doc = await documentOf(c.id);
    expect(doc).toMatchObject({
      id: fhirId(c.id),
      identifier: [{ system: `${run.url}/fhir/sid/belge-sha256`, value: c.document!.sha256 }],
      status: "current",
      docStatus: "final",
      type: { coding: [{ system: "http://loinc.org", code: "59284-0" }] },
      subject: { type: "Patient", identifier: { system: sid.patient, value: "H-FHIR-1" } },
      author: [{ type: "Organization", display: "Acme Diş Kliniği" }],
      context: { related: [{ reference: `Consent/${fhirId(c.id)}` }] },
    });
    expect(doc).not.toHaveProperty("authenticator");
    const attachment = doc.content[0]!.attachment;
    expect(attachment).toMatchObject({ contentType: "application/pdf", language: "tr", title: `${c.id}.pdf` });
    expect(attachment.url).toMatch(new RegExp(`^${run.url}/d/${c.id}/pdf\\?exp=\\d+&sig=`));
    const res = await fetch(attachment.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(attachment.size);
    expect(createHash("sha1").update(bytes).digest("base64")).toBe(attachment.hash);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(c.document!.sha256);
  });

  it("is another tenant's 404, read or searched", async () => {
    await expectOutcome(await fhir(`/DocumentReference/${fhirId(c.id)}`, { key: keys.other }), 404, "not_found");
    await expectOutcome(await fhir(`/Consent/${fhirId(c.id)}`, { key: keys.other }), 404, "not_found");
    await expectOutcome(await fhir(`/DocumentReference/${fhirId(c.id)}`, { key: keys.sablon_oku }), 403, "forbidden_scope");
  });

  it("is inactive once withdrawn, its provision ending then", async () => {
    expect((await call("POST", `/v1/consents/${c.id}/withdraw`, { body: { reason: "Vazgeçti" } })).status).toBe(200);
    const withdrawn = await v1(c.id);
    const consent = await consentOf(c.id);
    expect(consent.status).toBe("inactive");
    expect(consent.provision!.period).toEqual({ start: iso(c.signed_at!), end: iso(withdrawn.withdrawn_at!) });
    // The document stays (§18).
    expect((await documentOf(c.id)).status).toBe("current");
  });
});

describe("every other outcome", { timeout: 180_000 }, () => {
  it("declined: rejected, verified by the code; cancelled: entered-in-error; past expires_at: inactive", async () => {
    const declined = await createConsent(consentBody(kod));
    await personDeclines(declined);
    const rejected = await consentOf(declined.id);
    expect(rejected.status).toBe("rejected");
    expect(rejected.verification![0]).toMatchObject({ verified: true, verificationDate: expect.any(String) });
    expect(rejected).not.toHaveProperty("provision");

    const cancelled = await createConsent(consentBody(kod));
    expect((await call("POST", `/v1/consents/${cancelled.id}/cancel`, { body: {} })).status).toBe(200);
    expect((await consentOf(cancelled.id)).status).toBe("entered-in-error");

    const expiring = await createConsent(consentBody(kod, { gecerlilik_saat: 1, dis_hasta_id: `H-EXP-${Date.now()}` }));
    await setServerClock(2 * 3_600_000);
    try {
      expect((await consentOf(expiring.id)).status).toBe("inactive");
      const q = `identifier=${encodeURIComponent(`${sid.patient}|${expiring.external_patient_id as string}`)}`;
      expect((await fhir<{ total: number }>(`/Consent?${q}&status=inactive`)).body.total).toBe(1);
      expect((await fhir<{ total: number }>(`/Consent?${q}&status=proposed`)).body.total).toBe(0);
    } finally {
      await setServerClock(0);
    }
  });

  it("a refusal on record: rejected without a code, its Ret Tutanağı a DocumentReference", async () => {
    const c = await createConsent(consentBody(kod));
    const res = await call("POST", `/v1/consents/${c.id}/refusal`, { body: { reason: "İmzalamayı reddetti", tanik_ad: "Hemşire Elif Demir" } });
    expect(res.status, res.text).toBe(200);
    await withDocument(c.id);
    const consent = await consentOf(c.id);
    expect(consent.status).toBe("rejected");
    expect(consent).not.toHaveProperty("verification");
    expect(consent.sourceReference).toEqual({ reference: `DocumentReference/${fhirId(c.id)}` });
    expect((await documentOf(c.id)).type!.text).toBe("Ret tutanağı");
  });

  it("the physician's countersignature: proposed while awaited, then active with the physician as performer and the document's authenticator", async () => {
    const c = await createConsent(consentBody(kod, { hekim_imzasi: true, tanik_ad: "Hemşire Elif Demir", onaylayan_tip: "veli", onaylayan_ad: "Mehmet Yılmaz", yakinlik: "baba" }));
    await personSigns(c, { witness_signature: await signaturePng() });
    const waiting = await consentOf(c.id);
    expect(waiting.status).toBe("proposed");
    expect(waiting.provision!.period!.start).toBe(iso((await v1(c.id)).signed_at!));
    expect(waiting.verification![0]!.verifiedWith).toEqual({ type: "RelatedPerson", display: `Mehmet Yılmaz (baba) (SMS ${c.patient.phone})` });
    expect(waiting.extension).toEqual([{ url: "http://hl7.org/fhir/StructureDefinition/consent-Witness", valueReference: { display: "Hemşire Elif Demir" } }]);
    expect(waiting.performer).toHaveLength(1);
    await expectOutcome(await fhir(`/DocumentReference/${fhirId(c.id)}`), 404, "not_found");

    const body = { hekim_ad: "Dr. Şule Işık", hekim_tescil_no: "123456", bilgilendirme_zamani: c.created_at, imza: await signaturePng() };
    const signed = await call<V1 & { physician_countersign: { signed_at: string } }>("POST", `/v1/consents/${c.id}/countersign`, { body });
    expect(signed.status, signed.text).toBe(200);
    await withDocument(c.id);
    const done = await consentOf(c.id);
    expect(done.status).toBe("active");
    const physician = { type: "Practitioner", identifier: { type: { text: "Hekim tescil no" }, value: "123456" }, display: "Dr. Şule Işık" };
    expect(done.performer).toEqual([expect.objectContaining({ type: "Organization" }), physician]);
    const doc = await documentOf(c.id);
    expect(doc.authenticator).toEqual(physician);
    expect(doc.context!.period).toEqual({ start: iso(c.created_at), end: iso(signed.body.physician_countersign.signed_at) });
  });
});
