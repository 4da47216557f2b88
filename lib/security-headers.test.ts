import { describe, expect, it } from "vitest";
import { DEFAULT_PORT } from "@/lib/imza-agent/cli";
import { contentSecurityPolicy, IMZA_AGENT_ORIGIN, isPanelPage, pageSecurityHeaders } from "@/lib/security-headers";

describe("page security headers", () => {
  it("allows scripts only with the nonce, forbids framing, and adds eval only in development", () => {
    const csp = contentSecurityPolicy("abc123==", { https: false, dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("n", { https: false, dev: true })).toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(contentSecurityPolicy("n", { https: true, dev: false })).toContain("upgrade-insecure-requests");
  });

  it("lets only the panel's pages reach the signing agent, at exactly its address (issue #48)", () => {
    expect(IMZA_AGENT_ORIGIN).toBe(`http://127.0.0.1:${DEFAULT_PORT}`);
    expect(contentSecurityPolicy("n", { https: true, dev: false, signingAgent: true })).toContain("connect-src 'self' http://127.0.0.1:17345;");
    expect(contentSecurityPolicy("n", { https: true, dev: false })).toContain("connect-src 'self';");
    expect(["/panel", "/panel/countersign/c_1", "/panel/consents"].every(isPanelPage)).toBe(true);
    expect(["/", "/s/abc", "/dogrula", "/panelx", "/docs/panel"].some(isPanelPage)).toBe(false);
  });

  it("sends HSTS only on https", () => {
    expect(pageSecurityHeaders(false)).toEqual({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" });
    expect(pageSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
  });
});
