// GET /docs — interactive API reference (Scalar) of /v1/openapi.json; public, works offline
import { referencePageHtml } from "@/lib/openapi/reference-page";

export function GET(): Response {
  return new Response(referencePageHtml(), { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
