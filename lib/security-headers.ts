// The headers of every HTML page (decisions §15), set by proxy.ts. Scripts run only with the request's
// nonce (Next puts it on its own scripts when the request carries this policy); styles may be inline
// (Tailwind's stylesheet is a file, but React and the API reference set style attributes).
export const NONCE_HEADER = "x-nonce";

export function contentSecurityPolicy(nonce: string, opts: { https: boolean; dev: boolean }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts that a nonced script loads (Next's chunks) run; nothing else does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Everything but the policy itself. The signing token is in the URL: no Referer ever carries it. */
export function pageSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
