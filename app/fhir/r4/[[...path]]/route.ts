// /fhir/r4 and /fhir/r4/* — any resource or interaction the FHIR API does not serve: an OperationOutcome 404 (after authentication)
import { AppError } from "@/lib/errors";
import { withFhirKey } from "@/lib/api/fhir-handler";

const notFound = withFhirKey(async ({ url }) => {
  throw new AppError("not_found", `${url.pathname} adresinde bir FHIR kaynağı yok: yalnızca metadata, Consent ve DocumentReference sunulur.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
