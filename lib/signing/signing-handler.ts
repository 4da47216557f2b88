// The wrapper of the signing endpoints under /s/{token}: the link token is the only credential;
// a verified OTP adds a session cookie for signing and declining. Errors are problem+json.
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { AppError } from "@/lib/api/errors";
import { clientIp, errorResponse } from "@/lib/api/handler";
import { hit, rateLimitHeaders } from "@/lib/api/rate-limit";
import { observeRequest } from "@/lib/metrics/metrics";
import { parseJsonObject, readRawBody } from "@/lib/api/read-body";
import type { EventOrigin } from "@/lib/evidence/event-names";

export const SESSION_COOKIE = "onam_oturum";
export { VIEW_COOKIE } from "@/lib/signing/view-cookie";
// A person signs with a handful of requests; this stops automated hammering of one link from one
// address (keyed by link too: a clinic tablet behind one NAT serves many patients).
const REQUESTS_PER_MINUTE = 60;

export interface SigningContext {
  token: string;
  body: Record<string, unknown>;
  origin: EventOrigin;
  /** the session cookie set by a verified OTP, if any */
  session: string | null;
  log: Logger;
}

function cookieValue(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

export function sessionCookie(token: string, value: string, maxAgeSeconds: number): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/s/${token}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function withSigningToken(handler: (ctx: SigningContext) => Promise<Response>) {
  return async (req: Request, route: { params: Promise<{ token: string }> }): Promise<Response> => {
    const started = performance.now();
    const requestId = randomUUID();
    const log = logger().child({ reqId: requestId, scope: "signing" });
    const { token } = await route.params;
    const ip = clientIp(req);
    const limit = await hit(`signing:${ip}:${token}`, REQUESTS_PER_MINUTE);
    let res: Response;
    try {
      if (!limit.allowed) throw new AppError("rate_limited", undefined, undefined, { retry_after: limit.reset });
      const raw = await readRawBody(req);
      const body = parseJsonObject(raw, req.headers.get("content-type"), true);
      const origin: EventOrigin = { actor: "signer", ip, userAgent: (req.headers.get("user-agent") ?? "").slice(0, 512) };
      res = await handler({ token, body, origin, session: cookieValue(req, SESSION_COOKIE), log });
    } catch (err) {
      res = errorResponse(err, log);
      // A locked link has no time to wait for (the institution must resend it): no Retry-After.
      if (err instanceof AppError && err.code === "rate_limited" && err.extra?.reason !== "link_locked") {
        res.headers.set("Retry-After", String(err.extra?.retry_after ?? limit.reset));
      }
    }
    // The signer's credential is a verified SMS code, not a password: a Basic challenge here made
    // browsers hold the page's fetch behind their own sign-in prompt instead of showing the 401.
    if (res.status === 401) res.headers.set("WWW-Authenticate", 'OTP realm="signing"');
    res.headers.set("X-Request-Id", requestId);
    res.headers.set("Cache-Control", "no-store");
    if (!limit.allowed) for (const [k, v] of Object.entries(rateLimitHeaders(limit))) res.headers.set(k, v);
    const path = new URL(req.url).pathname;
    observeRequest(path, req.method, res.status, (performance.now() - started) / 1000);
    log.info({ method: req.method, path: path.replace(token, ":token"), status: res.status }, "signing request");
    return res;
  };
}
