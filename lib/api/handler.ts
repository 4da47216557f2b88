// The /v1 wrapper: request id, Basic auth, rate limit, scope, body, idempotency, error mapping, logging.
// Route handlers stay thin: parse input, call one lib/ function, return a serialized object.
import { Prisma } from "@prisma/client";
import type { Logger } from "pino";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { AppError, problemResponse } from "@/lib/api/errors";
import { authenticate, type ApiPrincipal } from "@/lib/api/authenticate";
import { hit, rateLimitHeaders, type RateLimitResult } from "@/lib/api/rate-limit";
import { nulPath, parseJsonObject, readRawBody } from "@/lib/api/read-body";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  validateIdempotencyKey,
} from "@/lib/api/idempotency";
import type { Scope } from "@/lib/api-keys/scopes";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { clientIpOf } from "@/lib/api/client-ip";
import { requestIdOf } from "@/lib/api/without-api-key";
import { observeRequest } from "@/lib/metrics/metrics";

export interface ApiContext<P> {
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

export interface ApiOptions {
  /** scope the key must carry; omitted = any valid key */
  scope?: Scope;
  /** "required": a JSON object body; "optional": `{}` when empty; "none" (default): not read */
  body?: "required" | "optional" | "none";
}

/** Next passes dynamic segments as a promise; each route declares their shape through P. */
type RouteContext = { params: Promise<unknown> };
type Handler<P> = (ctx: ApiContext<P>) => Promise<Response>;
type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

export function clientIp(req: Request): string {
  return clientIpOf(req.headers);
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

export function withApiKey<P = Record<string, never>>(handler: Handler<P>, options: ApiOptions = {}): RouteHandler {
  return async (req: Request, routeCtx: RouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    let log = logger().child({ reqId: requestId });
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    let limit: RateLimitResult | undefined;
    let res: Response;
    try {
      let auth: ApiPrincipal;
      try {
        auth = await authenticate(req.headers.get("authorization"));
      } catch (err) {
        // Failed authentication is limited per client address, against credential guessing.
        limit = await hit(`ip:${clientIp(req)}`, env().RATE_LIMIT_PER_MINUTE);
        throw limit.allowed ? err : new AppError("rate_limited");
      }
      log = log.child({ keyId: auth.keyId, tenantId: auth.tenantId });
      limit = await hit(`key:${auth.keyId}`, env().RATE_LIMIT_PER_MINUTE);
      if (!limit.allowed) throw new AppError("rate_limited");
      if (options.scope && !auth.scopes.includes(options.scope)) {
        throw new AppError("forbidden_scope", `Bu işlem için '${options.scope}' yetkisi gerekli.`);
      }
      const raw = options.body && options.body !== "none" ? await readRawBody(req) : "";
      const body = options.body && options.body !== "none" ? parseJsonObject(raw, req.headers.get("content-type"), options.body === "optional") : {};
      const params = (await routeCtx.params) as P;
      // Ids and codes with U+0000 name nothing, and PostgreSQL refuses them in a query (a 500 before).
      if (nulPath(params, "") !== null) throw new AppError("not_found");
      const nulInQuery = nulPath(Object.fromEntries(url.searchParams), "");
      if (nulInQuery !== null) throw new AppError("validation_failed", undefined, { [nulInQuery]: ["NUL karakteri (U+0000) içeremez"] });
      const origin: EventOrigin = {
        actor: `api:${auth.keyId}`,
        ip: clientIp(req),
        userAgent: (req.headers.get("user-agent") ?? "").slice(0, 512),
      };
      const run = () => handler({ req, url, params, auth, body, requestId, log, origin });

      const idemKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
      if (idemKey !== null) {
        validateIdempotencyKey(idemKey);
        const claim = await claimIdempotencyKey(auth.keyId, idemKey, requestFingerprint(req.method, url.pathname, body));
        if (claim.kind === "replay") {
          res = new Response(claim.response.body, {
            status: claim.response.status,
            headers: {
              "Content-Type": claim.response.status >= 400 ? "application/problem+json" : "application/json",
              "Idempotent-Replayed": "true",
            },
          });
        } else {
          res = await runAndRecord(run, claim.recordId, log);
        }
      } else {
        res = await run();
      }
    } catch (err) {
      res = errorResponse(err, log);
    }
    if (limit) Object.assign(headers, rateLimitHeaders(limit));
    if (res.status === 429 && limit) headers["Retry-After"] = String(limit.reset);
    withHeaders(res, headers);
    const ms = performance.now() - started;
    observeRequest(url.pathname, req.method, res.status, ms / 1000);
    log.info({ method: req.method, path: url.pathname, status: res.status, ms: Math.round(ms) }, "request");
    return res;
  };
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

export function errorResponse(err: unknown, log: Logger): Response {
  if (err instanceof AppError) return problemResponse(err);
  // The database is too busy to start a transaction in time: worth retrying, not a server fault.
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2028") {
    log.warn({ code: err.code }, "database busy");
    return problemResponse(new AppError("service_unavailable"));
  }
  log.error({ err }, "unhandled error");
  return problemResponse(new AppError("internal"));
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** OPTIONS, after authentication like every /v1 call: 204 with the methods the address supports. */
function options(allow: string): RouteHandler {
  return withApiKey(async () => new Response(null, { status: 204, headers: { Allow: allow } }));
}

/**
 * The exports of a /v1 route file: the given methods, and 405 problem+json for the others
 * (Next would answer those with an empty 405).
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const notAllowed = withApiKey(async () => {
    throw new AppError("method_not_allowed", `Bu adres yalnızca şu yöntemleri destekler: ${allow}.`);
  });
  const out = { OPTIONS: options(allow) } as Record<Method | "OPTIONS", RouteHandler>;
  for (const m of METHODS) {
    out[m] = handlers[m] ?? (async (req, ctx) => withHeaders(await notAllowed(req, ctx), { Allow: allow }));
  }
  return out;
}
