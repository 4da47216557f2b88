// GET /fhir/r4/DocumentReference/{id} — a consent's sealed PDF: signed download link, size and hash
import { fhirJson, fhirMethods, withFhirKey } from "@/lib/api/fhir-handler";
import { getDocumentReferenceOrThrow } from "@/lib/fhir/get-document-reference";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = fhirMethods(
  withFhirKey<{ id: string }>(async ({ auth, params }) => fhirJson(await getDocumentReferenceOrThrow(auth.tenantId, params.id)), "GET /fhir/r4/DocumentReference/{id}"),
);
