// Every FHIR resource the service can emit (decisions §21), for every consent status and every
// combination of parties, validated against the official R4 definitions (tests/fixtures/fhir-r4.ts):
// Consents, search Bundles, the CapabilityStatement and the OperationOutcome of every error code.
// The same resources from the real server are validated in tests/api/fhir*.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Bundle } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONSENT_STATUSES, type ConsentStatus } from "@/lib/consents/consent-status";
import type { FhirConsentRow } from "@/lib/db/consents";
import { encrypt } from "@/lib/encryption";
import { resetEnvForTests } from "@/lib/env";
import { AppError, ERROR_CODES } from "@/lib/errors";
import { capabilityStatement } from "@/lib/fhir/capability-statement";
import { badParameter } from "@/lib/fhir/consent-search-params";
import { operationOutcomeOf } from "@/lib/fhir/operation-outcome";
import { validateR4 } from "@/tests/fixtures/fhir-r4";
import { toFhirConsent } from "@/lib/fhir/to-fhir-consent";

const T0 = new Date("2026-11-22T11:03:09Z");
const at = (min: number) => new Date(T0.getTime() + min * 60_000);

// Before the rows below are encrypted, at collection.
vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "fhir-")));
vi.stubEnv("APP_URL", "https://onam.example.com.tr");
vi.stubEnv("APP_SECRET", "s".repeat(40));
vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 9).toString("base64"));
resetEnvForTests();

beforeAll(async () => {
  // Loading the R4 definitions takes seconds.
  await validateR4({ resourceType: "OperationOutcome", issue: [{ severity: "information", code: "informational" }] });
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

function row(status: ConsentStatus, extra: Partial<FhirConsentRow> = {}): FhirConsentRow {
  const signed = ["signed", "completed", "withdrawn", "superseded"].includes(status);
  return {
    id: "ons_261122_k3v9x2m8q7p4ab",
    status,
    externalRef: "PROT-2026-0042",
    externalPatientId: "H-000123",
    patientName: encrypt("Ayşe Yılmaz"),
    phoneMasked: "+90532*****67",
    tcMasked: "100******46",
    physician: encrypt("Dr. Mehmet Öz"),
    procedure: encrypt("Diş çekimi"),
    approverType: "hasta",
    approverName: null,
    approverRelation: null,
    animalName: null,
    animalSpecies: null,
    templateCode: "genel-tibbi-mudahale",
    templateVersion: 3,
    contentSha256: "5f".repeat(32),
    linkToken: "t".repeat(43),
    shortCode: "AbCdEfGh",
    createdAt: T0,
    expiresAt: status === "expired" ? at(-1) : at(72 * 60),
    signedAt: signed ? at(10) : null,
    rejectedAt: status === "rejected" ? at(10) : null,
    cancelledAt: status === "cancelled" ? at(10) : null,
    rejectReason: null,
    cancelReason: null,
    withdrawnAt: status === "withdrawn" ? at(60) : null,
    withdrawReason: null,
    documentSha256: signed && status !== "signed" ? "ab".repeat(32) : null,
    documentAttempts: 0,
    receiptSha256: null,
    tsStatus: "none",
    tsError: "",
    tsTime: null,
    tsSerial: null,
    tsProvider: null,
    purgedAt: null,
    language: "tr",
    interpreterName: null,
    witnessName: null,
    countersignRequired: false,
    countersignedAt: null,
    countersignerName: null,
    countersignerRegistrationNo: null,
    informedAt: null,
    physicianSignatureType: "cizim",
    countersignCertificate: null,
    countersignMethod: null,
    reconsentRequired: false,
    comprehension: null,
    clauses: null,
    previousId: null,
    replacedBy: null,
    tenantCode: "acme",
    tenantName: "Acme Diş Kliniği",
    otpVerifiedAt: signed || status === "rejected" ? at(9) : null,
    ...extra,
  };
}

const NOW = at(5);
// expired is read from a sent consent past expires_at as well as from the recorded status.
const ROWS: [string, FhirConsentRow][] = [
  ...CONSENT_STATUSES.map((s) => [s, row(s)] as [string, FhirConsentRow]),
  ["sent past its expiry", row("sent", { expiresAt: at(-1) })],
  ["completed, countersigned, a witness, a parent signing", row("completed", {
    countersignRequired: true, countersignedAt: at(30), countersignerName: encrypt("Dr. Şule Işık"), countersignerRegistrationNo: encrypt("123456"), informedAt: at(-20),
    witnessName: encrypt("Hemşire Elif Demir"), approverType: "veli", approverName: encrypt("Mehmet Yılmaz"), approverRelation: encrypt("baba"),
  })],
  ["a refusal on record (no code)", row("rejected", { otpVerifiedAt: null, documentSha256: "cd".repeat(32) })],
  ["purged kurum record", row("completed", { purgedAt: at(2000), patientName: null, externalPatientId: null, externalRef: null, phoneMasked: null, otpVerifiedAt: null })],
  ["no external ids", row("sent", { externalPatientId: null, externalRef: "" })],
];

describe("Consent", () => {
  it.each(ROWS)("%s validates against R4", async (_name, r) => {
    const consent = toFhirConsent(r, NOW);
    expect(await validateR4(consent)).toEqual([]);
  });

  it("maps §21's statuses", () => {
    const status = (r: FhirConsentRow) => toFhirConsent(r, NOW).status;
    expect(Object.fromEntries(CONSENT_STATUSES.map((s) => [s, status(row(s))]))).toEqual({
      sent: "proposed", signed: "proposed", completed: "active", rejected: "rejected",
      withdrawn: "inactive", expired: "inactive", superseded: "inactive", cancelled: "entered-in-error",
    });
    expect(status(row("sent", { expiresAt: at(-1) }))).toBe("inactive");
  });

  it("fills what the consent knows: ids per tenant system, the institution, the signature period, the OTP, the physician, the witness", () => {
    const c = toFhirConsent(ROWS.find(([n]) => n.startsWith("completed, countersigned"))![1], NOW);
    const base = "https://onam.example.com.tr";
    expect(c).toMatchObject({
      id: "ons-261122-k3v9x2m8q7p4ab",
      identifier: [{ use: "official", system: `${base}/fhir/sid/onam`, value: "ons_261122_k3v9x2m8q7p4ab" }, { system: `${base}/fhir/sid/dis-ref/acme`, value: "PROT-2026-0042" }],
      category: [{ coding: [{ system: "http://loinc.org", code: "59284-0" }] }],
      patient: { type: "Patient", identifier: { system: `${base}/fhir/sid/hasta/acme`, value: "H-000123" }, display: "Ayşe Yılmaz" },
      dateTime: "2026-11-22T14:03:09+03:00",
      performer: [
        { type: "Organization", identifier: { system: `${base}/fhir/sid/kurum`, value: "acme" }, display: "Acme Diş Kliniği" },
        { type: "Practitioner", identifier: { value: "123456" }, display: "Dr. Şule Işık" },
      ],
      organization: [{ display: "Acme Diş Kliniği" }],
      sourceReference: { reference: "DocumentReference/ons-261122-k3v9x2m8q7p4ab" },
      policy: [{ uri: `${base}/fhir/sid/sablon/acme/genel-tibbi-mudahale/3` }],
      verification: [{ verified: true, verifiedWith: { type: "RelatedPerson", display: "Mehmet Yılmaz (baba) (SMS +90532*****67)" }, verificationDate: "2026-11-22T14:12:09+03:00" }],
      provision: { type: "permit", period: { start: "2026-11-22T14:13:09+03:00" } },
      extension: [{ url: "http://hl7.org/fhir/StructureDefinition/consent-Witness", valueReference: { display: "Hemşire Elif Demir" } }],
    });
    expect(toFhirConsent(row("withdrawn"), NOW).provision?.period).toEqual({ start: "2026-11-22T14:13:09+03:00", end: "2026-11-22T15:03:09+03:00" });
  });

  it("leaves out what it cannot fill honestly", () => {
    const sent = toFhirConsent(row("sent"), NOW);
    expect(sent).not.toHaveProperty("provision");
    expect(sent).not.toHaveProperty("verification");
    expect(sent).not.toHaveProperty("sourceReference");
    const purged = toFhirConsent(ROWS.find(([n]) => n.startsWith("purged"))![1], NOW);
    expect(purged.patient).toEqual({ extension: [{ url: "http://hl7.org/fhir/StructureDefinition/data-absent-reason", valueCode: "masked" }] });
    expect(purged).not.toHaveProperty("sourceReference");
    expect(purged.identifier).toHaveLength(1);
    expect(JSON.stringify(purged)).not.toMatch(/Ayşe|H-000123|\+90/);
    // Verified (a signature needs the code) though the purge took the record of when.
    expect(purged.verification).toEqual([{ verified: true }]);
  });
});

describe("the other resources", () => {
  it("a searchset Bundle of every kind of Consent validates", async () => {
    const bundle: Bundle = {
      resourceType: "Bundle",
      type: "searchset",
      total: ROWS.length,
      link: [{ relation: "self", url: "https://onam.example.com.tr/fhir/r4/Consent" }],
      entry: ROWS.map(([, r], i) => ({ fullUrl: `https://onam.example.com.tr/fhir/r4/Consent/c${i}`, resource: { ...toFhirConsent(r, NOW), id: `c${i}` }, search: { mode: "match" } })),
    };
    expect(await validateR4(bundle)).toEqual([]);
  });

  it("the CapabilityStatement validates", async () => {
    expect(await validateR4(capabilityStatement())).toEqual([]);
  });

  it("the OperationOutcome of every error code validates", async () => {
    for (const code of ERROR_CODES) expect(await validateR4(operationOutcomeOf(new AppError(code))), code).toEqual([]);
    const bad = operationOutcomeOf(badParameter("foo", "desteklenmeyen arama parametresi", "not-supported"));
    expect(bad.issue).toEqual([expect.objectContaining({ code: "not-supported", expression: ["foo"] })]);
    expect(await validateR4(bad)).toEqual([]);
  });
});
