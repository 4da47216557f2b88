// The client's address (decisions §15): the socket's peer, unless TRUSTED_PROXY_COUNT proxies stand
// in front of the service, whose X-Forwarded-For entries are then honoured from the right.
//
// Next's own server keeps an X-Forwarded-For the client sent (it only fills one in when absent), so
// the header alone is whatever the client chose. The socket's peer reaches route handlers and pages
// in PEER_HEADER, which lib/server/peer-address.ts writes on every request before Next sees it,
// overwriting any value the client sent.
import { env } from "@/lib/env";

export const PEER_HEADER = "x-eonam-peer";

/** `::ffff:127.0.0.1` → `127.0.0.1`: one spelling per IPv4 address, for evidence and limits. */
function normalize(addr: string): string {
  const a = addr.trim();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

export function clientIpFrom(headers: Headers, trustedProxies: number): string {
  const peer = headers.get(PEER_HEADER)?.trim();
  if (!peer) return "unknown";
  if (trustedProxies <= 0) return normalize(peer);
  // Nearest first: the peer (our last proxy), then what each trusted proxy appended, right to left.
  const hops = [
    peer,
    ...(headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return normalize(hops[Math.min(trustedProxies, hops.length - 1)]!);
}

/** The client's address of a request under this service's TRUSTED_PROXY_COUNT. */
export function clientIpOf(headers: Headers): string {
  return clientIpFrom(headers, env().TRUSTED_PROXY_COUNT);
}
