// Webhook target rules (decisions §10): https only, and never an internal address (SSRF), unless
// WEBHOOK_ALLOW_PRIVATE. Delivery repeats the address check at connect time against DNS rebinding.
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "@/lib/errors";

export type LookupAll = (hostname: string) => Promise<{ address: string }[]>;

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** IPv6 text → 8 16-bit groups (handles `::` and a dotted IPv4 tail), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4ToInt(tail[1]!);
    if (v4 === null) return null;
    text = text.slice(0, -tail[1]!.length) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, includes the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes broadcast
];

function isBlockedV4(n: number): boolean {
  return V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return ((n & mask) >>> 0) === ((ipv4ToInt(base)! & mask) >>> 0);
  });
}

function isBlockedV6(g: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const embeddedV4 = ((g6 << 16) >>> 0) + g7;
  const zeroTo = (k: number) => g.slice(0, k).every((x) => x === 0);
  if (zeroTo(8)) return true; // ::
  if (zeroTo(7) && g7 === 1) return true; // ::1
  // Forms that carry an IPv4 address: judged by that address, so ::ffff:127.0.0.1 is loopback.
  if (zeroTo(5) && g5 === 0xffff) return isBlockedV4(embeddedV4); // IPv4-mapped
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isBlockedV4(embeddedV4); // IPv4-translated
  if (zeroTo(6)) return isBlockedV4(embeddedV4); // IPv4-compatible (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedV4(embeddedV4); // NAT64
  // NAT64 local-use (RFC 8215): a translator inside the operator's network, reaching whatever IPv4
  // it is configured to — no public address to judge by, so refused whole.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  if (g0 === 0x2002) return isBlockedV4(((g1 << 16) >>> 0) + g2); // 6to4
  // Teredo 2001::/32 (RFC 4380): a tunnel whose relay and client are named by obfuscated IPv4
  // addresses; no webhook receiver is reached that way, and a relay may be internal.
  if (g0 === 0x2001 && g1 === 0) return true;
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7, includes fd00:ec2::254 (metadata)
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local fec0::/10 (deprecated, still private)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard 100::/64
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  return false;
}

/**
 * True for any address a webhook must not reach: loopback, private, CGNAT, link-local, metadata,
 * unspecified, multicast, reserved, and IPv6 forms embedding such an IPv4 address. Unparseable → true.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ipv4ToInt(ip);
  if (v4 !== null) return isBlockedV4(v4);
  const v6 = ipv6Groups(ip);
  return v6 === null ? true : isBlockedV6(v6);
}

/** https only; plain http too when private targets are allowed (local development and tests). */
export function schemeAllowed(u: URL, allowPrivate: boolean): boolean {
  return u.protocol === "https:" || (allowPrivate && u.protocol === "http:");
}

function invalid(msg: string): AppError {
  return new AppError("validation_failed", msg, { url: [msg] });
}

/** Throws validation_failed unless url is an acceptable webhook target. */
export async function checkWebhookUrl(
  url: string,
  options: { allowPrivate: boolean; lookup?: LookupAll },
): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw invalid("Geçerli bir URL değil.");
  }
  if (url.length > 2048) throw invalid("URL en fazla 2048 karakter olabilir.");
  if (!schemeAllowed(u, options.allowPrivate)) throw invalid("Webhook adresi https:// ile başlamalı.");
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw invalid("URL bir sunucu adı içermeli.");
  if (options.allowPrivate) return;

  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (options.lookup ?? defaultLookup)(host)).map((a) => a.address);
    } catch {
      throw invalid(`Sunucu adı çözümlenemedi: ${host}`);
    }
    if (addresses.length === 0) throw invalid(`Sunucu adı çözümlenemedi: ${host}`);
  }
  // Every address must be public: a client may connect to any of them.
  if (addresses.some(isPrivateAddress)) throw invalid("Webhook adresi yerel, özel ya da ayrılmış bir IP adresine çıkıyor.");
}
