// The API-key audience of the request pipeline (lib/api/pipeline.ts): Basic auth, a limit per key
// (per address for failed authentication), scope, body and idempotency. Route handlers stay thin:
// parse input, call one lib/ function, return a serialized object.
import type { Logger } from "pino";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { authenticate, type ApiPrincipal, type KeyLookup } from "@/lib/api/authenticate";
import type { KeyAndRow } from "@/lib/db/api-keys";
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

interface ApiContext<P, T> {
  req: Request;
  url: URL;
  params: P;
  auth: ApiPrincipal;
  /** the route's `Preload` row (null: the key's tenant has none; always null without a preload) */
  preloaded: T | null;
  /** the parsed JSON object body (`{}` when the endpoint takes no body) */
  body: Record<string, unknown>;
  requestId: string;
  log: Logger;
  /** who and where, for evidence events */
  origin: EventOrigin;
}

type Handler<P, T> = (ctx: ApiContext<P, T>) => Promise<Response>;

/**
 * The read a polled GET needs, made in the key lookup's round trip (lib/db/api-keys.ts apiKeyWith)
 * and handed to the handler as `preloaded` once the key has admitted the request. Skipped for params
 * holding U+0000, which answer 404 before any handler.
 */
export type Preload<P, T> = (keyId: string, params: P) => Promise<KeyAndRow<T>>;

/** The key lookup that makes `preload`'s read too, keeping its row in `into`. */
export function preloading<P, T>(preload: Preload<P, T> | undefined, params: P, into: { row: T | null }): KeyLookup | undefined {
  if (!preload || nulPath(params, "") !== null) return undefined;
  return async (id) => {
    const { key, row } = await preload(id, params);
    into.row = row;
    return key;
  };
}

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

/** Any valid key, no body: the answers every /v1 address gives (OPTIONS, 405, 404). */
const ANY_KEY: Endpoint = { scope: null, body: "none" };

/** `endpoint`: the operation this handler serves, whose scope and body ENDPOINTS declares. */
export function withApiKey<P = Record<string, never>, T = never>(handler: Handler<P, T>, endpoint?: EndpointName, preload?: Preload<P, T>): RouteHandler {
  const options: Endpoint = endpoint ? ENDPOINTS[endpoint] : ANY_KEY;
  return pipeline<ApiContext<P, T>, P>({ scope: "api", run: (state, params, next) => admitApiKey(state, params, next, options, preload) }, handler);
}

/**
 * Basic authentication, the key's limit and the endpoint's scope: how every audience of the API keys
 * (/v1 here, FHIR in lib/api/fhir-handler.ts) admits a caller.
 */
export async function admitKey(state: RequestState, scope: Endpoint["scope"], lookup?: KeyLookup): Promise<ApiPrincipal> {
  let auth: ApiPrincipal;
  try {
    auth = await authenticate(state.req.headers.get("authorization"), lookup);
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

async function admitApiKey<P, T>(state: RequestState, params: P, handler: Handler<P, T>, options: Endpoint, preload?: Preload<P, T>): Promise<Response> {
  const { req, url } = state;
  const into = { row: null as T | null };
  const auth = await admitKey(state, options.scope, preloading(preload, params, into));
  const preloaded = into.row;
  const log = state.log;
  const body = options.body === "none" ? {} : await readJsonObject(req, options.body === "optional");
  // Ids and codes with U+0000 name nothing, and PostgreSQL refuses them in a query (a 500 before).
  if (nulPath(params, "") !== null) throw new AppError("not_found");
  const nulInQuery = nulPath(Object.fromEntries(url.searchParams), "");
  if (nulInQuery !== null) throw new AppError("validation_failed", undefined, { [nulInQuery]: ["NUL karakteri (U+0000) içeremez"] });
  const origin: EventOrigin = { actor: `api:${auth.keyId}`, ip: state.ip, userAgent: state.userAgent };
  // The job events the handler wrote (a webhook to deliver) go out after its commit.
  const run = () => dispatchingJobs(() => handler({ req, url, params, auth, preloaded, body, requestId: state.requestId, log, origin }));

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
