// GET /docs — interactive API reference (Scalar) of /v1/openapi.json; public, works offline
import { referencePageHtml } from "@/lib/openapi/reference-page";
import { NONCE_HEADER } from "@/lib/security-headers";

// The nonce differs per request: never a static page.
export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  return new Response(referencePageHtml(req.headers.get(NONCE_HEADER)), { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
