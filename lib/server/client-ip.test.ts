import { describe, expect, it } from "vitest";
import { clientIpFrom, PEER_HEADER } from "@/lib/server/client-ip";

const h = (peer: string | null, xff?: string) => {
  const headers = new Headers();
  if (peer !== null) headers.set(PEER_HEADER, peer);
  if (xff !== undefined) headers.set("x-forwarded-for", xff);
  return headers;
};

describe("clientIpFrom", () => {
  it("is the socket's peer without trusted proxies, whatever X-Forwarded-For says", () => {
    expect(clientIpFrom(h("85.105.12.34", "1.2.3.4"), 0)).toBe("85.105.12.34");
    expect(clientIpFrom(h("::ffff:127.0.0.1", "6.6.6.6, 7.7.7.7"), 0)).toBe("127.0.0.1");
    expect(clientIpFrom(h("2a00:1450::1"), 0)).toBe("2a00:1450::1");
  });

  it("honours as many X-Forwarded-For entries from the right as there are trusted proxies", () => {
    // client 85.105.12.34 → proxy A (10.0.0.2) → proxy B (10.0.0.3) → us; the client forged 6.6.6.6.
    const headers = h("10.0.0.3", "6.6.6.6, 85.105.12.34, 10.0.0.2");
    expect(clientIpFrom(headers, 1)).toBe("10.0.0.2");
    expect(clientIpFrom(headers, 2)).toBe("85.105.12.34");
    // More trusted proxies than entries: the leftmost there is, never beyond.
    expect(clientIpFrom(h("10.0.0.3", "85.105.12.34"), 5)).toBe("85.105.12.34");
    expect(clientIpFrom(h("10.0.0.3"), 1)).toBe("10.0.0.3");
  });

  it("says unknown when the peer was not recorded (never a client-chosen header)", () => {
    expect(clientIpFrom(h(null, "6.6.6.6"), 0)).toBe("unknown");
    expect(clientIpFrom(h(null, "6.6.6.6"), 1)).toBe("unknown");
  });
});
