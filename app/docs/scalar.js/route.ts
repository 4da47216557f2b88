// GET /docs/scalar.js — the Scalar renderer's browser bundle, from node_modules (no CDN)
import { scalarBundle } from "@/lib/openapi/reference-page";

export async function GET(): Promise<Response> {
  const js = await scalarBundle();
  return new Response(new Uint8Array(js), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
