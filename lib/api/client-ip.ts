// The client's address as this server can know it. Next sets X-Forwarded-For to the socket's peer
// only when the request has none, and a reverse proxy appends the peer it saw: the LAST entry is
// the one nobody upstream of our own proxy could choose. (Exposed directly, without a proxy, a
// client can still set the header; deploy behind one.)
export function clientIpFrom(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return entries.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
}
