// GET /fhir/r4/metadata — the CapabilityStatement of the FHIR R4 API, public like /v1/openapi.json
import { fhirJson, fhirMethods, fhirPublic } from "@/lib/api/fhir-handler";
import { capabilityStatement } from "@/lib/fhir/capability-statement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = fhirMethods(
  fhirPublic(async () => fhirJson(capabilityStatement())),
  fhirPublic,
);
