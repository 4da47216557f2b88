// The headers of every HTML page (decisions §15), set by proxy.ts. Scripts run only with the request's
// nonce (Next puts it on its own scripts when the request carries this policy); styles may be inline
// (Tailwind's stylesheet is a file, but React and the API reference set style attributes).
export const NONCE_HEADER = "x-nonce";

/**
 * Issue #48: the physician's signing agent (e-onam-imza, lib/imza-agent, its default port) on the
 * clinic PC. Only the panel's pages may reach it — all of them, not the countersign page alone:
 * the App Router moves between panel pages without loading a new document, so the policy of the page
 * the physician first opened is the one in force on the countersign page.
 */
export const IMZA_AGENT_ORIGIN = "http://127.0.0.1:17345";

/** Whether a page's path is one of the panel's (whose policy lets it reach the signing agent). */
export function isPanelPage(pathname: string): boolean {
  return pathname === "/panel" || pathname.startsWith("/panel/");
}

export function contentSecurityPolicy(nonce: string, opts: { https: boolean; dev: boolean; signingAgent?: boolean }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts that a nonced script loads (Next's chunks) run; nothing else does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.signingAgent ? ` ${IMZA_AGENT_ORIGIN}` : ""}`,
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
