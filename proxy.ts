// Runs before routing, only for /v1 paths containing '%': malformed percent-encoding becomes a
// problem+json 404 instead of the router's plain-text 500 (found by tests/reliability/fuzz.test.ts).
import type { NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/api/malformed-path";

export function proxy(request: NextRequest): Response | undefined {
  return malformedPathResponse(request, request.nextUrl.pathname) ?? undefined;
}

export const config = { matcher: ["/v1/:path(.*%.*)"] };
