// Runs before routing, for five things only:
// - malformed percent-encoding: a /v1 path gets a problem+json 404 instead of the router's plain-text
//   500 (found by tests/reliability/fuzz.test.ts), a /fhir path an OperationOutcome 404, a page the 404 page;
// - every HTML page: a fresh CSP nonce and the security headers of decisions §15 (lib/security-headers.ts;
//   the panel's pages may also reach the physician's signing agent on 127.0.0.1, issue #48);
//   the signing page also gets a per-browser view cookie (`goruntulendi` at most every 10 minutes),
//   an unknown signing link is sent to the server-rendered 404 page, and one that cannot be looked up
//   while the database is unreachable to a server-rendered 503 page;
// - the short links of the SMS (/k/…): looked up and limited here; an unknown code gets the same 404
//   page (lib/signing/short-link.ts);
// - the pages of people (signing, verification, panel): the language of the whole page, which the
//   root layout writes as <html lang> (see lib/page-language.ts);
// - a server action whose body declares a length past its limit, or none (chunked): a problem+json 413
//   where Next would answer a plain 500 (lib/api/oversized-action.ts).
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { isMalformedPath, malformedFhirPathResponse, malformedPathResponse } from "@/lib/api/malformed-path";
import { isLanguage } from "@/lib/i18n/languages";
import { oversizedActionResponse } from "@/lib/api/oversized-action";
import { LANG_HEADER, NOT_FOUND_HEADER, PANEL_LANG_COOKIE, pageLanguage, panelLangCookie, SIGNING_TOKEN_HEADER } from "@/lib/page-language";
import { contentSecurityPolicy, isPanelPage, NONCE_HEADER, pageSecurityHeaders } from "@/lib/security-headers";
import { isSigningPage, VIEW_COOKIE, viewCookie } from "@/lib/signing/view-cookie";
import { linkStatus } from "@/lib/signing/known-link";
import { DATABASE_RETRY_AFTER_S } from "@/lib/api/pipeline";
import { checkShortLink, isShortLink, SHORT_LINK_HEADER } from "@/lib/signing/short-link";

/**
 * Where an unknown signing link is sent. No route matches it (a link's own routes all sit below a
 * token of 20 characters or more), and the proxy flags a request for it itself: when the server listens
 * on 127.0.0.1, Next takes the proxy's "localhost" rewrite for another server and fetches it anew,
 * through this proxy and without the first pass's headers.
 */
const NOT_FOUND_PATH = "/s/-/bulunamadi";
/** Where a signing or short link is sent while the database cannot be reached (a page of its own). */
const UNAVAILABLE_PATH = "/s/-/kullanilamiyor";
/** Where a page address whose percent-encoding does not decode is sent: no page has this name either. */
const MALFORMED_PAGE_PATH = "/-/gecersiz-adres";

export async function proxy(request: NextRequest): Promise<Response | undefined> {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.startsWith("/v1")) return (await malformedPathResponse(request, pathname)) ?? undefined;
  if (pathname.startsWith("/fhir/")) return (await malformedFhirPathResponse(request, pathname)) ?? undefined;
  const oversized = oversizedActionResponse(request);
  if (oversized) return oversized;
  let unknownShortCode = false;
  let unavailable = pathname === UNAVAILABLE_PATH;
  if (isShortLink(pathname)) {
    const check = await checkShortLink(request, pathname);
    if ("refused" in check) return check.refused;
    if ("target" in check) {
      const headers = new Headers(request.headers);
      headers.set(SHORT_LINK_HEADER, check.target);
      return NextResponse.next({ request: { headers } });
    }
    if ("unavailable" in check) unavailable = true;
    else unknownShortCode = true;
  }
  const e = env();
  const https = e.APP_URL.startsWith("https://");
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce, { https, dev: !e.isProduction, signingAgent: isPanelPage(pathname) });

  const query = searchParams.get("lang");
  const headers = new Headers(request.headers);
  headers.set(LANG_HEADER, pageLanguage(pathname, query, request.cookies.get(PANEL_LANG_COOKIE)?.value));
  // Only the proxy says which signing link a page is, or that it is unknown: a caller's own headers are dropped.
  headers.delete(SIGNING_TOKEN_HEADER);
  headers.delete(NOT_FOUND_HEADER);
  // A caller's own short-link target never reaches app/k (e.g. on /k/<code>/, which is no short link
  // here but still routes there): only a code looked up above sets it.
  headers.delete(SHORT_LINK_HEADER);
  const malformed = isMalformedPath(pathname);
  const token = isSigningPage(pathname) && !malformed ? pathname.slice("/s/".length) : null;
  const link = token ? await linkStatus(token) : null;
  unavailable ||= link === "unavailable";
  const unknownLink = !unavailable && !malformed && (unknownShortCode || pathname === NOT_FOUND_PATH || link === "unknown");
  if (unknownLink) headers.set(NOT_FOUND_HEADER, "signing-link");
  else if (link === "known" && token && !isLanguage(query)) headers.set(SIGNING_TOKEN_HEADER, token);
  // Next reads the nonce for its own scripts from the request's policy; pages read x-nonce.
  headers.set(NONCE_HEADER, nonce);
  headers.set("Content-Security-Policy", csp);
  let newViewCookie: string | null = null;
  if (link === "known" && !request.cookies.get(VIEW_COOKIE)) {
    const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
    const cookie = headers.get("cookie");
    headers.set("cookie", cookie ? `${cookie}; ${VIEW_COOKIE}=${id}` : `${VIEW_COOKIE}=${id}`);
    newViewCookie = viewCookie(pathname, id, https);
  }
  // An unknown link goes to an address that is no page: Next then renders app/not-found.tsx on the
  // server with status 404 (the page's own notFound() would send an empty shell, see there); a link
  // that cannot be looked up now, to the page that says so, answered 503.
  const rewriteTo = malformed
    ? MALFORMED_PAGE_PATH
    : unavailable && pathname !== UNAVAILABLE_PATH
      ? UNAVAILABLE_PATH
      : unknownLink && pathname !== NOT_FOUND_PATH
        ? NOT_FOUND_PATH
        : null;
  const status = unavailable ? { status: 503 } : {};
  const res = rewriteTo
    ? NextResponse.rewrite(new URL(rewriteTo, request.url), { request: { headers }, ...status })
    : NextResponse.next({ request: { headers }, ...status });
  if (unavailable) res.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_S));
  res.headers.set("Content-Security-Policy", csp);
  for (const [k, v] of Object.entries(pageSecurityHeaders(https))) res.headers.set(k, v);
  if (newViewCookie) res.headers.append("Set-Cookie", newViewCookie);
  // In the panel, ?lang= is remembered like the language link's choice (docs/panel.md).
  if (pathname.startsWith("/panel") && (query === "en" || query === "tr")) res.headers.append("Set-Cookie", panelLangCookie(query));
  return res;
}

export const config = {
  matcher: [
    "/v1/:path(.*%.*)",
    "/fhir/:path(.*%.*)",
    // Every page and the short links; not the APIs (/v1, FHIR, the signing page's JSON steps, which
    // no browser navigates to: issue #46, each paid for a nonce, a policy and a copy of its headers),
    // downloads, the TSA, logos (whose own policy forbids scripts outright) or static files. A
    // signing link's document, receipt and recording keep the proxy's headers (no-referrer).
    "/((?!v1/|v1$|fhir/|api/|_next/static|_next/image|d/|tsa|seal/|brand/|icon.svg|favicon.ico|s/[A-Za-z0-9_-]+/(?:sign|otp|verify|decline|withdraw|listened|comprehension|document/status|receipt/status)$).*)",
  ],
};
