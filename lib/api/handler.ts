// The API-key audience of the request pipeline (lib/api/pipeline.ts): Basic auth, a limit per key
// (per address for failed authentication), scope, body and idempotency. Route handlers stay thin:
// parse input, call one lib/ function, return a serialized object.
import type { Logger } from "pino";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { authenticate, type ApiPrincipal } from "@/lib/api/authenticate";
import { hit } from "@/lib/limits/rate-limit";
import { nulPath, readJsonObject } from "@/lib/api/read-body";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  validateIdempotencyKey,
} from "@/lib/api/idempotency";
import { ENDPOINTS, type Endpoint, type EndpointName } from "@/lib/contract/endpoints";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { errorResponse, pipeline, type RequestState, type RouteHandler } from "@/lib/api/pipeline";
import { dispatchingJobs } from "@/lib/jobs/dispatching-jobs";

interface ApiContext<P> {
  req: Request;
  url: URL;
  params: P;
  auth: ApiPrincipal;
  /** the parsed JSON object body (`{}` when the endpoint takes no body) */
  body: Record<string, unknown>;
  requestId: string;
  log: Logger;
  /** who and where, for evidence events */
  origin: EventOrigin;
}

type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

/** Any valid key, no body: the answers every /v1 address gives (OPTIONS, 405, 404). */
const ANY_KEY: Endpoint = { scope: null, body: "none" };

/** `endpoint`: the operation this handler serves, whose scope and body ENDPOINTS declares. */
export function withApiKey<P = Record<string, never>>(handler: Handler<P>, endpoint?: EndpointName): RouteHandler {
  const options: Endpoint = endpoint ? ENDPOINTS[endpoint] : ANY_KEY;
  return pipeline<ApiContext<P>, P>({ scope: "api", run: (state, params, next) => admitApiKey(state, params, next, options) }, handler);
}

/**
 * Basic authentication, the key's limit and the endpoint's scope: how every audience of the API keys
 * (/v1 here, FHIR in lib/api/fhir-handler.ts) admits a caller.
 */
export async function admitKey(state: RequestState, scope: Endpoint["scope"]): Promise<ApiPrincipal> {
  let auth: ApiPrincipal;
  try {
    auth = await authenticate(state.req.headers.get("authorization"));
  } catch (err) {
    // Failed authentication is limited per client address, against credential guessing.
    state.limit = await hit(`ip:${state.ip}`, env().RATE_LIMIT_PER_MINUTE);
    throw state.limit.allowed ? err : new AppError("rate_limited");
  }
  state.log = state.log.child({ keyId: auth.keyId, tenantId: auth.tenantId });
  state.limit = await hit(`key:${auth.keyId}`, env().RATE_LIMIT_PER_MINUTE);
  if (!state.limit.allowed) throw new AppError("rate_limited");
  if (scope && !auth.scopes.includes(scope)) {
    throw new AppError("forbidden_scope", `Bu işlem için '${scope}' yetkisi gerekli.`);
  }
  return auth;
}

async function admitApiKey<P>(state: RequestState, params: P, handler: Handler<P>, options: Endpoint): Promise<Response> {
  const { req, url } = state;
  const auth = await admitKey(state, options.scope);
  const log = state.log;
  const body = options.body === "none" ? {} : await readJsonObject(req, options.body === "optional");
  // Ids and codes with U+0000 name nothing, and PostgreSQL refuses them in a query (a 500 before).
  if (nulPath(params, "") !== null) throw new AppError("not_found");
  const nulInQuery = nulPath(Object.fromEntries(url.searchParams), "");
  if (nulInQuery !== null) throw new AppError("validation_failed", undefined, { [nulInQuery]: ["NUL karakteri (U+0000) içeremez"] });
  const origin: EventOrigin = { actor: `api:${auth.keyId}`, ip: state.ip, userAgent: state.userAgent };
  // The job events the handler wrote (a webhook to deliver) go out after its commit.
  const run = () => dispatchingJobs(() => handler({ req, url, params, auth, body, requestId: state.requestId, log, origin }));

  const idemKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
  if (idemKey === null) return run();
  validateIdempotencyKey(idemKey);
  const claim = await claimIdempotencyKey(auth.keyId, idemKey, requestFingerprint(req.method, url.pathname, body));
  if (claim.kind === "claimed") return runAndRecord(run, claim.recordId, log);
  return new Response(claim.response.body, {
    status: claim.response.status,
    headers: {
      "Content-Type": claim.response.status >= 400 ? "application/problem+json" : "application/json",
      "Idempotent-Replayed": "true",
    },
  });
}

/** Runs an idempotent request and stores its outcome; unexpected failures release the key for a retry. */
async function runAndRecord(run: () => Promise<Response>, recordId: bigint, log: Logger): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    res = errorResponse(err, log);
  }
  if (res.status >= 500) {
    await releaseIdempotencyKey(recordId);
    return res;
  }
  const body = await res.text();
  await completeIdempotencyKey(recordId, { status: res.status, body });
  return new Response(body, { status: res.status, headers: res.headers });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * The exports of a route file: the given methods, OPTIONS (204 with the methods the address
 * supports) and 405 problem+json with `Allow` for the others, where Next would answer an empty 405.
 * Each answer goes through the route's audience first: for /v1, the API key (a wrong method still
 * asks for credentials); for a signing link, its policy (`withSigningToken`).
 */
export function methods(
  handlers: Partial<Record<Method, RouteHandler>>,
  audience: (handler: () => Promise<Response>) => RouteHandler = withApiKey,
): Record<Method | "OPTIONS", RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const notAllowed = audience(async () => {
    throw new AppError("method_not_allowed", `Bu adres yalnızca şu yöntemleri destekler: ${allow}.`);
  });
  const out = { OPTIONS: audience(async () => new Response(null, { status: 204, headers: { Allow: allow } })) } as Record<Method | "OPTIONS", RouteHandler>;
  for (const m of METHODS) {
    out[m] =
      handlers[m] ??
      (async (req, ctx) => {
        const res = await notAllowed(req, ctx);
        res.headers.set("Allow", allow);
        return res;
      });
  }
  return out;
}
