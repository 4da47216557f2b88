// A logo as an HTTP answer. Its address changes with its bytes, so it is cached for good; it is never
// sniffed as anything else, and an SVG opened on its own runs nothing (a sandbox with no script
// source), whatever the sanitizer might have missed.
import type { PublicLogo } from "@/lib/branding/get-public-logo";

export function logoResponse(logo: PublicLogo): Response {
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      // Pages of this service show it; other sites may not embed it.
      "Cross-Origin-Resource-Policy": "same-origin",
      "Referrer-Policy": "no-referrer",
    },
  });
}
