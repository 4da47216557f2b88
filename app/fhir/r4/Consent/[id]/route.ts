// GET /fhir/r4/Consent/{id} — the tenant's consent as a FHIR R4 Consent
import { fhirJson, fhirMethods, withFhirKey } from "@/lib/api/fhir-handler";
import { fhirConsentOrThrow, preloadFhirConsent } from "@/lib/fhir/get-fhir-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = fhirMethods(
  withFhirKey(async ({ params, preloaded }) => fhirJson(fhirConsentOrThrow(preloaded, params.id)), "GET /fhir/r4/Consent/{id}", preloadFhirConsent),
);
