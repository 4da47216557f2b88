// GET /fhir/r4/Consent/{id}: the tenant's consent as a FHIR R4 Consent. A hot path like
// GET /v1/consents/{id}: one statement on the driver (lib/db/consents.ts fhirConsentRow).
import type { Consent } from "@medplum/fhirtypes";
import { now } from "@/lib/clock";
import { fhirConsentRow } from "@/lib/db/consents";
import { AppError } from "@/lib/errors";
import { consentIdOf } from "@/lib/fhir/fhir-ids";
import { toFhirConsent } from "@/lib/fhir/to-fhir-consent";

export async function getFhirConsentOrThrow(tenantId: string, fhirId: string): Promise<Consent> {
  const id = consentIdOf(fhirId);
  // Another tenant's consent is as unknown as none (decisions §2).
  const row = id === null ? undefined : await fhirConsentRow(tenantId, id);
  if (!row) throw new AppError("not_found", `Consent/${fhirId} bulunamadı.`);
  return toFhirConsent(row, now());
}
