// A consent as a FHIR R4 Consent (decisions §21). Only what the service knows goes in: an element
// with nothing honest to fill stays out (docs/contract-notes.md lists the choices).
import type { Consent, ConsentVerification, Extension } from "@medplum/fhirtypes";
import type { FhirConsentRow } from "@/lib/db/consents";
import { decrypt } from "@/lib/encryption";
import { env } from "@/lib/env";
import { formatIsoOffset } from "@/lib/time";
import { effectiveStatus } from "@/lib/consents/consent-status";
import { FHIR_CONSENT_STATUS } from "@/lib/fhir/consent-status";
import { fhirIdOf, systems } from "@/lib/fhir/fhir-ids";
import { countersignerOf, grantorOf, institutionOf, patientOf } from "@/lib/fhir/references";

/** LOINC 59284-0 "Patient Consent": the category §21 names, also the document's type. */
export const PATIENT_CONSENT = { system: "http://loinc.org", code: "59284-0", display: "Patient Consent" } as const;

const WITNESS = "http://hl7.org/fhir/StructureDefinition/consent-Witness";

export function toFhirConsent(row: FhirConsentRow, at: Date): Consent {
  const tz = env().APP_TIMEZONE;
  const time = (d: Date) => formatIsoOffset(d, tz);
  const purged = row.purgedAt !== null;
  const institution = institutionOf(row);
  const countersigner = countersignerOf(row);
  const grantor = grantorOf(row);
  const extension: Extension[] = !purged && row.witnessName !== null ? [{ url: WITNESS, valueReference: { display: decrypt(row.witnessName) } }] : [];
  // The person's answer needs a code sent to the consent's phone (decisions §7): a signature, or a
  // decline through the link, was verified by it. A purged record no longer holds the events.
  const verified = row.otpVerifiedAt !== null || row.signedAt !== null;
  const verification: ConsentVerification | null = verified
    ? {
        verified: true,
        ...(grantor ? { verifiedWith: row.phoneMasked ? { ...grantor, display: `${grantor.display ?? ""} (SMS ${row.phoneMasked})`.trim() } : grantor } : {}),
        ...(row.otpVerifiedAt ? { verificationDate: time(row.otpVerifiedAt) } : {}),
      }
    : null;
  return {
    resourceType: "Consent",
    id: fhirIdOf(row.id),
    ...(extension.length ? { extension } : {}),
    identifier: [
      { use: "official", system: systems.consent(), value: row.id },
      ...(!purged && row.externalRef ? [{ system: systems.externalRef(row.tenantCode), value: row.externalRef }] : []),
    ],
    status: FHIR_CONSENT_STATUS[effectiveStatus(row.status, row.expiresAt, at)],
    scope: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/consentscope", code: "treatment", display: "Treatment" }] },
    category: [{ coding: [PATIENT_CONSENT] }],
    patient: patientOf(row),
    // When the consent was issued (created): what the `date` search and /v1's from/to filter on.
    dateTime: time(row.createdAt),
    performer: [institution, ...(countersigner ? [countersigner] : [])],
    organization: [institution],
    // The sealed PDF, once produced; a purged `kurum` record no longer serves it.
    ...(row.documentSha256 && !purged ? { sourceReference: { reference: `DocumentReference/${fhirIdOf(row.id)}` } } : {}),
    // The rules agreed to are the template version's text (its digest is in the document): R4 asks
    // for a policy or a policy rule (ppc-1), and no code system names a Turkish consent form.
    policy: [{ uri: systems.template(row.tenantCode, row.templateCode, row.templateVersion) }],
    ...(verification ? { verification: [verification] } : {}),
    // In force from the person's signature until a withdrawal ends it (§18).
    ...(row.signedAt
      ? { provision: { type: "permit" as const, period: { start: time(row.signedAt), ...(row.withdrawnAt ? { end: time(row.withdrawnAt) } : {}) } } }
      : {}),
  };
}
