// A path with broken percent-encoding (`/v1/%zz`, `/dogrula/%ff`) makes Next's router throw while
// decoding route params, before any handler runs, and it answered a plain-text 500. The proxy answers
// it first: a /v1 path with this problem+json 404, a /fhir path with an OperationOutcome 404, a page
// with the 404 page (proxy.ts).
import { AppError } from "@/lib/errors";
import { publicRoute } from "@/lib/api/public-route";
import { fhirPublic } from "@/lib/api/fhir-public";

const malformed = publicRoute({ bucket: "public" }, async () => {
  throw new AppError("not_found", "Adres geçerli bir yüzde kodlaması (percent-encoding) içermiyor.");
});

export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export function malformedPathResponse(req: Request, pathname: string): Promise<Response> | null {
  return isMalformedPath(pathname) ? malformed(req, { params: Promise.resolve({}) }) : null;
}

const malformedFhir = fhirPublic(async () => {
  throw new AppError("not_found", "Adres geçerli bir yüzde kodlaması (percent-encoding) içermiyor.");
});

/** The same for a /fhir path, answered as the FHIR API answers: an OperationOutcome. */
export function malformedFhirPathResponse(req: Request, pathname: string): Promise<Response> | null {
  return isMalformedPath(pathname) ? malformedFhir(req, { params: Promise.resolve({}) }) : null;
}
