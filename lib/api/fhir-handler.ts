// The FHIR R4 audience of the request pipeline (decisions §21): the /v1 API keys, limits and scopes
// (admitKey), answers in application/fhir+json, and every error — a wrong key, a wrong parameter, an
// outage — as an OperationOutcome with the status /v1 would give it, never problem+json.
import { AppError } from "@/lib/errors";
import { admitKey, methods, preloading, type Preload } from "@/lib/api/handler";
import type { ApiPrincipal } from "@/lib/api-keys/scopes";
import { nulPath } from "@/lib/api/read-body";
import { ENDPOINTS, type EndpointName } from "@/lib/contract/endpoints";
import { pipeline, type RouteHandler } from "@/lib/api/pipeline";
import { operationOutcomeResponse } from "@/lib/api/fhir-public";

export { fhirJson, fhirPublic } from "@/lib/api/fhir-public";

interface FhirContext<P, T> {
  url: URL;
  params: P;
  auth: ApiPrincipal;
  /** the route's `Preload` row, as in /v1 (lib/api/handler.ts) */
  preloaded: T | null;
}

/** `endpoint`: the operation served, whose scope ENDPOINTS declares (none: any valid key, for 404s and 405s). */
export function withFhirKey<P = Record<string, never>, T = never>(
  handler: (ctx: FhirContext<P, T>) => Promise<Response>,
  endpoint?: EndpointName,
  preload?: Preload<P, T>,
): RouteHandler {
  const scope = endpoint ? ENDPOINTS[endpoint].scope : null;
  return pipeline<FhirContext<P, T>, P>(
    {
      scope: "fhir",
      renderError: operationOutcomeResponse,
      async run(state, params, next) {
        const into = { row: null as T | null };
        const auth = await admitKey(state, scope, preloading(preload, params, into));
        // U+0000 names nothing, and PostgreSQL refuses it in a query (a 500 otherwise).
        if (nulPath(params, "") !== null) throw new AppError("not_found");
        const nul = nulPath(Object.fromEntries(state.url.searchParams), "");
        if (nul !== null) throw new AppError("bad_request", `Arama parametresi ${nul}: NUL karakteri (U+0000) içeremez.`, { [nul]: ["NUL karakteri (U+0000) içeremez"] });
        return next({ url: state.url, params, auth, preloaded: into.row });
      },
    },
    handler,
  );
}

/** A FHIR route file's exports: its GET, OPTIONS, and 405 OperationOutcome for the rest. */
export function fhirMethods(get: RouteHandler, audience: (h: () => Promise<Response>) => RouteHandler = withFhirKey) {
  return methods({ GET: get }, audience);
}
