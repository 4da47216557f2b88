// The signing-link audience of the request pipeline (lib/api/pipeline.ts), for the endpoints under
// /s/{token}: the link token is the only credential; a verified OTP adds a session cookie for signing
// and declining. Errors are problem+json.
import { cookies } from "next/headers";
import type { Logger } from "pino";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hit } from "@/lib/limits/rate-limit";
import { pipeline, type RouteHandler } from "@/lib/api/pipeline";
import { readJsonObject } from "@/lib/api/read-body";
import { dispatchingJobs } from "@/lib/jobs/dispatching-jobs";
import type { EventOrigin } from "@/lib/evidence/event-names";

export const SESSION_COOKIE = "onam_oturum";
export { VIEW_COOKIE } from "@/lib/signing/view-cookie";
// A person signs with a handful of requests; this stops automated hammering of one link from one
// address (keyed by link too: a clinic tablet behind one NAT serves many patients).
const REQUESTS_PER_MINUTE = 60;

interface SigningContext {
  token: string;
  body: Record<string, unknown>;
  origin: EventOrigin;
  /** the session cookie set by a verified OTP, if any */
  session: string | null;
  /** the request's `Range` header (a recording's player seeks with it, decisions §22) */
  range: string | null;
  log: Logger;
}

export function sessionCookie(token: string, value: string, maxAgeSeconds: number): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/s/${token}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function withSigningToken(handler: (ctx: SigningContext) => Promise<Response>): RouteHandler {
  return pipeline<SigningContext, { token: string }>(
    {
      scope: "signing",
      async run(state, { token }, next) {
        // Asking for and entering a code guard the link's secret: while Redis (REDIS_URL) is down they
        // refuse rather than count per instance (decisions §16); the other steps may degrade.
        const failClosed = /\/(otp|verify)$/.test(state.url.pathname);
        state.limit = await hit(`signing:${state.ip}:${token}`, REQUESTS_PER_MINUTE, 60, { failClosed });
        if (!state.limit.allowed) throw new AppError("rate_limited", undefined, undefined, { retry_after: state.limit.reset });
        const body = await readJsonObject(state.req, true);
        const origin: EventOrigin = { actor: "signer", ip: state.ip, userAgent: state.userAgent };
        const session = (await cookies()).get(SESSION_COOKIE)?.value ?? null;
        // The job events a signature or a decline wrote go out after its commit.
        return dispatchingJobs(() => next({ token, body, origin, session, range: state.req.headers.get("range"), log: state.log }));
      },
      finish(res, _state, err) {
        // A document still being produced says when to ask again (signer-document.ts).
        if (err instanceof AppError && err.code === "service_unavailable" && err.extra?.retry_after !== undefined) res.headers.set("Retry-After", String(err.extra.retry_after));
        if (err instanceof AppError && err.code === "rate_limited") {
          // A link locked until the institution resends it has no time to wait for: no Retry-After; a
          // completed consent's lock (link-lock.ts) and a code limit say how long they have left.
          if (err.extra?.retry_after !== undefined) res.headers.set("Retry-After", String(err.extra.retry_after));
          else if (err.extra?.reason === "link_locked") res.headers.delete("Retry-After");
        }
        // The signer's credential is a verified SMS code, not a password: a Basic challenge here made
        // browsers hold the page's fetch behind their own sign-in prompt instead of showing the 401.
        if (res.status === 401) res.headers.set("WWW-Authenticate", 'OTP realm="signing"');
      },
      loggedPath: (path, { token }) => path.replace(token, ":token"),
    },
    handler,
  );
}
