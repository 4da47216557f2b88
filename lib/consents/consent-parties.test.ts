import { describe, expect, it } from "vitest";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import type { EvidenceRecord } from "@/lib/evidence/chain";
import { consentParties } from "@/lib/consents/consent-parties";

const consent = (over: Partial<ConsentObject>): ConsentObject =>
  ({
    status: "sent",
    patient: { name: "Ali Yılmaz", tc_masked: null, phone: null },
    approver: { type: "hasta", name: null, relation: null },
    signed_at: null,
    reject_reason: null,
    interpreter: null,
    witness: null,
    physician_countersign: null,
    ...over,
  }) as ConsentObject;

const record = (event: string, at: string, data: Record<string, unknown> = {}, actor = "signer"): EvidenceRecord => ({
  seq: 1,
  event,
  at,
  ip: "",
  user_agent: "",
  actor,
  data,
  prev_hash: null,
  hash: "",
});

describe("consentParties", () => {
  it("awaits everyone on an open consent, the approver signing for the patient", () => {
    const { parties, refusal } = consentParties(
      consent({
        approver: { type: "veli", name: "Deniz Yılmaz", relation: "annesi" },
        witness: { name: "Tanık Kişi" },
        physician_countersign: { required: true, name: null, registration_no: null, informed_at: null, signed_at: null, signature_type: "drawn", certificate: null },
      }),
      [],
    );
    expect(parties.map((p) => [p.role, p.name, p.state])).toEqual([
      ["person", "Deniz Yılmaz", "awaiting"],
      ["witness", "Tanık Kişi", "awaiting"],
      ["physician", null, "awaiting"],
    ]);
    expect(refusal).toBeNull();
  });

  it("takes the interpreter's and the witness's times from their records, and the physician's from the consent", () => {
    const { parties } = consentParties(
      consent({
        status: "completed",
        signed_at: "2026-11-26 10:00:00",
        interpreter: { name: "Tercüman", language: "ar" },
        witness: { name: "Tanık" },
        physician_countersign: { required: true, name: "Dr. Zeynep", registration_no: "12345", informed_at: "2026-11-26 09:30:00", signed_at: "2026-11-26 11:00:00", signature_type: "drawn", certificate: null },
      }),
      [record("imzalandi", "2026-11-26 10:00:00"), record("tercuman_imzaladi", "2026-11-26 10:00:05"), record("tanik_imzaladi", "2026-11-26 10:00:09")],
    );
    expect(parties).toEqual([
      { role: "person", name: "Ali Yılmaz", state: "signed", signedAt: "2026-11-26 10:00:00" },
      { role: "interpreter", name: "Tercüman", state: "signed", signedAt: "2026-11-26 10:00:05" },
      { role: "witness", name: "Tanık", state: "signed", signedAt: "2026-11-26 10:00:09" },
      { role: "physician", name: "Dr. Zeynep", state: "signed", signedAt: "2026-11-26 11:00:00", registrationNo: "12345", informedAt: "2026-11-26 09:30:00", signatureType: "drawn" },
    ]);
  });

  it("says how the physician signed once signed: drawn, typed or saved (issue #51), and nothing while awaited", () => {
    const signed = { required: true as const, name: "Dr. Zeynep", registration_no: "12345", informed_at: "2026-11-26 09:30:00", signed_at: "2026-11-26 11:00:00", certificate: null };
    for (const type of ["drawn", "typed", "saved"] as const) {
      const { parties } = consentParties(consent({ status: "completed", signed_at: "2026-11-26 10:00:00", physician_countersign: { ...signed, signature_type: type } }), []);
      expect(parties[1]).toMatchObject({ role: "physician", state: "signed", signatureType: type });
    }
    const awaiting = consentParties(consent({ status: "signed", signed_at: "2026-11-26 10:00:00", physician_countersign: { ...signed, signed_at: null, signature_type: "typed" } }), []);
    expect(awaiting.parties[1]).not.toHaveProperty("signatureType");
  });

  it("awaits only the physician on a signed consent, and no one once it closed unsigned, with the refusal on record", () => {
    const signed = consentParties(
      consent({ status: "signed", signed_at: "2026-11-26 10:00:00", physician_countersign: { required: true, name: null, registration_no: null, informed_at: null, signed_at: null, signature_type: "drawn", certificate: null } }),
      [],
    );
    expect(signed.parties.map((p) => p.state)).toEqual(["signed", "awaiting"]);

    const refused = consentParties(consent({ status: "rejected", reject_reason: "İmzalamak istemedi" }), [
      record("ret_tutanagi", "2026-11-26 12:00:00", { reason: "İmzalamak istemedi", tanik_ad: "Hemşire Ayşe" }, "panel:usr_1"),
    ]);
    expect(refused.parties.map((p) => p.state)).toEqual(["not_signed"]);
    expect(refused.refusal).toEqual({ at: "2026-11-26 12:00:00", reason: "İmzalamak istemedi", witness: "Hemşire Ayşe", actor: "panel:usr_1" });
  });

  it("names a qualified countersignature, awaited, then with its certificate's subject, issuer and serial (decisions §24)", () => {
    const base = { required: true as const, name: null, registration_no: null, informed_at: null, signed_at: null, signature_type: "qualified" as const, certificate: null };
    const awaiting = consentParties(consent({ status: "signed", signed_at: "2026-11-26 10:00:00", physician_countersign: base }), []);
    expect(awaiting.parties[1]).toMatchObject({ role: "physician", state: "awaiting", qualified: null });
    const certificate = { subject: "C=TR, CN=Şule Işık", issuer: "C=TR, CN=Test ESHS", serial: "5EED", sha256: "a".repeat(64) };
    const done = consentParties(consent({ status: "completed", signed_at: "2026-11-26 10:00:00", physician_countersign: { ...base, name: "Şule Işık", signed_at: "2026-11-26 11:00:00", certificate } }), []);
    expect(done.parties[1]).toMatchObject({ state: "signed", qualified: { subject: "C=TR, CN=Şule Işık", issuer: "C=TR, CN=Test ESHS", serial: "5EED" } });
  });
});
