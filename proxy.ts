// Runs before routing, for three things only:
// - /v1 paths containing '%': malformed percent-encoding becomes a problem+json 404 instead of the
//   router's plain-text 500 (found by tests/reliability/fuzz.test.ts);
// - every HTML page: a fresh CSP nonce and the security headers of decisions §15 (lib/security-headers.ts);
//   the signing page also gets a per-browser view cookie (`goruntulendi` at most every 10 minutes);
// - the pages of people (signing, verification, panel): the language of the whole page, which the
//   root layout writes as <html lang> (see lib/page-language.ts).
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { malformedPathResponse } from "@/lib/api/malformed-path";
import { isLanguage } from "@/lib/i18n/languages";
import { LANG_HEADER, PANEL_LANG_COOKIE, pageLanguage, panelLangCookie, SIGNING_TOKEN_HEADER } from "@/lib/page-language";
import { contentSecurityPolicy, NONCE_HEADER, pageSecurityHeaders } from "@/lib/security-headers";
import { isSigningPage, VIEW_COOKIE, viewCookie } from "@/lib/signing/view-cookie";

export async function proxy(request: NextRequest): Promise<Response | undefined> {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.startsWith("/v1")) return (await malformedPathResponse(request, pathname)) ?? undefined;
  const e = env();
  const https = e.APP_URL.startsWith("https://");
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce, { https, dev: !e.isProduction });

  const query = searchParams.get("lang");
  const headers = new Headers(request.headers);
  headers.set(LANG_HEADER, pageLanguage(pathname, query, request.cookies.get(PANEL_LANG_COOKIE)?.value));
  // Only the proxy says which signing link a page is: a caller's own header is dropped.
  headers.delete(SIGNING_TOKEN_HEADER);
  if (isSigningPage(pathname) && !isLanguage(query)) headers.set(SIGNING_TOKEN_HEADER, pathname.slice("/s/".length));
  // Next reads the nonce for its own scripts from the request's policy; pages read x-nonce.
  headers.set(NONCE_HEADER, nonce);
  headers.set("Content-Security-Policy", csp);
  let newViewCookie: string | null = null;
  if (isSigningPage(pathname) && !request.cookies.get(VIEW_COOKIE)) {
    const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
    const cookie = headers.get("cookie");
    headers.set("cookie", cookie ? `${cookie}; ${VIEW_COOKIE}=${id}` : `${VIEW_COOKIE}=${id}`);
    newViewCookie = viewCookie(pathname, id, https);
  }
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  for (const [k, v] of Object.entries(pageSecurityHeaders(https))) res.headers.set(k, v);
  if (newViewCookie) res.headers.append("Set-Cookie", newViewCookie);
  // In the panel, ?lang= is remembered like the language link's choice (README "Panel").
  if (pathname.startsWith("/panel") && (query === "en" || query === "tr")) res.headers.append("Set-Cookie", panelLangCookie(query));
  return res;
}

export const config = {
  matcher: [
    "/v1/:path(.*%.*)",
    // Every page; not the APIs, downloads, the TSA, the short links or static files.
    "/((?!v1/|v1$|api/|_next/static|_next/image|d/|k/|tsa|seal/|icon.svg|favicon.ico).*)",
  ],
};
