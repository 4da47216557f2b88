// GET /fhir/r4/Consent/{id} — the tenant's consent as a FHIR R4 Consent
import { fhirJson, fhirMethods, withFhirKey } from "@/lib/api/fhir-handler";
import { getFhirConsentOrThrow } from "@/lib/fhir/get-fhir-consent";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = fhirMethods(
  withFhirKey<{ id: string }>(async ({ auth, params }) => fhirJson(await getFhirConsentOrThrow(auth.tenantId, params.id)), "GET /fhir/r4/Consent/{id}"),
);
