// GET /fhir/r4/Consent/{id}: the tenant's consent as a FHIR R4 Consent. A hot path like
// GET /v1/consents/{id}: read in the key lookup's round trip (lib/db/consents.ts apiKeyWithFhirConsentRow).
import type { Consent } from "@medplum/fhirtypes";
import { now } from "@/lib/clock";
import { apiKeyWithFhirConsentRow, type FhirConsentRow } from "@/lib/db/consents";
import { apiKeyRow, type KeyAndRow } from "@/lib/db/api-keys";
import { AppError } from "@/lib/errors";
import { consentIdOf } from "@/lib/fhir/fhir-ids";
import { toFhirConsent } from "@/lib/fhir/to-fhir-consent";

/** The key, and its tenant's consent that the FHIR id names (none for an id no consent can have). */
export async function preloadFhirConsent(keyId: string, params: { id: string }): Promise<KeyAndRow<FhirConsentRow>> {
  const id = consentIdOf(params.id);
  return id === null ? { key: await apiKeyRow(keyId), row: null } : apiKeyWithFhirConsentRow(keyId, id);
}

/** The FHIR Consent of a row of the caller's tenant; null is none (another tenant's is none too, decisions §2). */
export function fhirConsentOrThrow(row: FhirConsentRow | null, fhirId: string): Consent {
  if (!row) throw new AppError("not_found", `Consent/${fhirId} bulunamadı.`);
  return toFhirConsent(row, now());
}
