// The FHIR R4 Consent status (http://hl7.org/fhir/consent-state-codes) of each consent status
// (decisions §5, §21), and the statuses a FHIR status search stands for.
import type { Consent } from "@medplum/fhirtypes";
import { CONSENT_STATUSES, type ConsentStatus } from "@/lib/consents/consent-status";

export type FhirConsentStatus = Consent["status"];

export const FHIR_CONSENT_STATUS: Record<ConsentStatus, FhirConsentStatus> = {
  sent: "proposed",
  // The person signed; the physician's countersignature is still awaited (§19): not yet in force.
  signed: "proposed",
  completed: "active",
  rejected: "rejected",
  withdrawn: "inactive",
  expired: "inactive",
  // R4 "inactive": terminated or replaced; a re-consent on a newer version replaced it (§22).
  superseded: "inactive",
  cancelled: "entered-in-error",
};

/** Every code of the R4 value set; `draft` is never given, so searching for it finds nothing. */
export const FHIR_CONSENT_STATUSES = ["draft", "proposed", "active", "rejected", "inactive", "entered-in-error"] as const satisfies readonly FhirConsentStatus[];

export function statusesFor(code: FhirConsentStatus): ConsentStatus[] {
  return CONSENT_STATUSES.filter((s) => FHIR_CONSENT_STATUS[s] === code);
}
