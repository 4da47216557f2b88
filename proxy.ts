// Runs before routing, for two things only:
// - /v1 paths containing '%': malformed percent-encoding becomes a problem+json 404 instead of the
//   router's plain-text 500 (found by tests/reliability/fuzz.test.ts);
// - the pages of people (signing, verification, panel): the language of the whole page, which the
//   root layout writes as <html lang> (see lib/page-language.ts).
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/api/malformed-path";
import { LANG_HEADER, PANEL_LANG_COOKIE, pageLanguage, panelLangCookie } from "@/lib/page-language";

export async function proxy(request: NextRequest): Promise<Response | undefined> {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname.startsWith("/v1")) return (await malformedPathResponse(request, pathname)) ?? undefined;
  const query = searchParams.get("lang");
  const headers = new Headers(request.headers);
  headers.set(LANG_HEADER, pageLanguage(pathname, query, request.cookies.get(PANEL_LANG_COOKIE)?.value));
  const res = NextResponse.next({ request: { headers } });
  // In the panel, ?lang= is remembered like the language link's choice (README "Panel").
  if (pathname.startsWith("/panel") && (query === "en" || query === "tr")) res.headers.append("Set-Cookie", panelLangCookie(query));
  return res;
}

export const config = { matcher: ["/v1/:path(.*%.*)", "/s/:path*", "/dogrula", "/dogrula/:path*", "/panel", "/panel/:path*"] };
