// GET /fhir/r4/Consent — search the tenant's consents (status, date, identifier, _count): a searchset Bundle
import { fhirJson, fhirMethods, withFhirKey } from "@/lib/api/fhir-handler";
import { searchFhirConsents } from "@/lib/fhir/search-fhir-consents";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = fhirMethods(
  withFhirKey(async ({ auth, url }) => fhirJson(await searchFhirConsents(auth.tenantId, url)), "GET /fhir/r4/Consent"),
);
