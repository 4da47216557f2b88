// The FHIR R4 API's way of answering (decisions §21), without the database, so that the proxy can
// answer a malformed /fhir path through it: application/fhir+json, every error an OperationOutcome
// with the status /v1 would give it, and the public audience (the CapabilityStatement).
import type { Resource } from "@medplum/fhirtypes";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hit } from "@/lib/limits/rate-limit";
import { pipeline, type ErrorRenderer, type RouteHandler } from "@/lib/api/pipeline";
import { operationOutcomeOf } from "@/lib/fhir/operation-outcome";

const FHIR_JSON = "application/fhir+json; charset=utf-8";

export function fhirJson(resource: Resource, status = 200): Response {
  return new Response(JSON.stringify(resource), { status, headers: { "Content-Type": FHIR_JSON } });
}

export const operationOutcomeResponse: ErrorRenderer = (err, headers) => {
  const res = fhirJson(operationOutcomeOf(err), err.status);
  for (const [k, v] of Object.entries(headers ?? {})) res.headers.set(k, v);
  if (err.code === "unauthorized") res.headers.set("WWW-Authenticate", 'Basic realm="api"');
  return res;
};

/** No credentials (the CapabilityStatement, a malformed path), limited per client address. */
export function fhirPublic(handler: () => Promise<Response>): RouteHandler {
  return pipeline<undefined, unknown>(
    {
      scope: "fhir-public",
      renderError: operationOutcomeResponse,
      async run(state, _params, next) {
        state.limit = await hit(`public:${state.ip}`, env().RATE_LIMIT_PER_MINUTE);
        if (!state.limit.allowed) throw new AppError("rate_limited");
        return next(undefined);
      },
    },
    handler,
  );
}

