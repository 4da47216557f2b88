// The one request pipeline of every endpoint that answers problem+json: request id, client address,
// error mapping, rate-limit headers, no caching unless the route allows it, nosniff, metrics and one
// log line. What differs between the audiences — an API key, a signing link's token, nobody — is a
// small policy (lib/api/handler.ts, lib/api/signing-policy.ts, lib/api/public-route.ts) that
// admits the request and calls the handler. Loads no database, so that the proxy can answer through
// it too.
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { logger } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { problemResponse } from "@/lib/api/problem";
import { clientIpOf } from "@/lib/server/client-ip";
import { rateLimitHeaders, type RateLimitResult } from "@/lib/limits/rate-limit";
import { observeRequest } from "@/lib/metrics/metrics";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { interactiveRequestStarted } from "@/lib/jobs/interactive-requests";

/** What a 503 for an unavailable database asks the caller to wait, in seconds. */
export const DATABASE_RETRY_AFTER_S = 5;

export interface RequestState {
  readonly req: Request;
  readonly url: URL;
  /** the caller's X-Request-Id when well formed, else a new UUID; echoed on the answer */
  readonly requestId: string;
  /** the client's address (decisions §15), for limits and evidence */
  readonly ip: string;
  /** the User-Agent as evidence records it (at most 512 characters) */
  readonly userAgent: string;
  /** the request's logger; a policy adds what it learns (key id, tenant) */
  log: Logger;
  /** the limit that governs this request, reported in RateLimit-* headers */
  limit?: RateLimitResult;
}

export interface Policy<Ctx, P> {
  /** the audience, in every log line */
  scope: string;
  /** admits the request (credentials, limits, body) and runs the handler; throws AppError to refuse */
  run(state: RequestState, params: P, handler: (ctx: Ctx) => Promise<Response>): Promise<Response>;
  /** headers only this audience adds; `err` is what the run threw, if anything */
  finish?(res: Response, state: RequestState, err: unknown): void;
  /** the path as logged (a signing link's token is a credential) */
  loggedPath?(path: string, params: P): string;
  /** how this audience writes an error (default problem+json; the FHIR API's is an OperationOutcome) */
  renderError?: ErrorRenderer;
}

export type ErrorRenderer = (err: AppError, headers?: Record<string, string>) => Response;

/** Next passes dynamic segments as a promise; routes without any pass nothing. */
type RouteContext = { params: Promise<unknown> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

export function pipeline<Ctx, P>(policy: Policy<Ctx, P>, handler: (ctx: Ctx) => Promise<Response>): RouteHandler {
  return async (req, route) => {
    const started = performance.now();
    // Background work waits for this answer (lib/jobs/interactive-requests.ts).
    const ended = interactiveRequestStarted();
    const requestId = requestIdOf(req);
    const state: RequestState = {
      req,
      url: new URL(req.url),
      requestId,
      ip: clientIpOf(req.headers),
      userAgent: (req.headers.get("user-agent") ?? "").slice(0, 512),
      log: logger().child({ reqId: requestId, scope: policy.scope }),
    };
    const params = ((await route?.params) ?? {}) as P;
    let res: Response;
    let error: unknown;
    try {
      res = await policy.run(state, params, handler);
    } catch (err) {
      error = err;
      res = errorResponse(err, state.log, policy.renderError);
    } finally {
      ended();
    }
    res.headers.set("X-Request-Id", requestId);
    if (state.limit) {
      for (const [k, v] of Object.entries(rateLimitHeaders(state.limit))) res.headers.set(k, v);
      if (res.status === 429) res.headers.set("Retry-After", String(state.limit.reset));
    }
    policy.finish?.(res, state, error);
    // decisions §2: every 503 says when to ask again (a refusal that knows better has said so above).
    if (res.status === 503 && !res.headers.has("Retry-After")) res.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_S));
    // Consents, events and signing answers carry health data and live download links: no cache may
    // keep them. A route that serves something public (a certificate, the OpenAPI document) says so.
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
    // A template body travels inside JSON: no browser may take an answer for another type.
    res.headers.set("X-Content-Type-Options", "nosniff");
    const ms = performance.now() - started;
    observeRequest(state.url.pathname, req.method, res.status, ms / 1000);
    const path = policy.loggedPath?.(state.url.pathname, params) ?? state.url.pathname;
    state.log.info({ method: req.method, path, status: res.status, ms: Math.round(ms) }, "request");
    return res;
  };
}

/**
 * The one error mapper: an AppError as it is, an unreachable or busy database as 503, anything else
 * as a bare 500; written as problem+json unless the audience writes errors its own way.
 */
export function errorResponse(err: unknown, log: Logger, render: ErrorRenderer = problemResponse): Response {
  if (err instanceof AppError) return render(err);
  // The database (or the object storage's server) down, restarting or too busy to take the request
  // in time: worth retrying shortly, not a server fault, and no stack trace per request while it lasts.
  if (isDatabaseUnavailable(err)) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "database or storage unavailable");
    return render(new AppError("service_unavailable"), { "Retry-After": String(DATABASE_RETRY_AFTER_S) });
  }
  log.error({ err }, "unhandled error");
  return render(new AppError("internal"));
}
