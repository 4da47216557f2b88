// One HTTP POST to a webhook receiver (decisions §10): 10 s for the whole exchange, redirects not
// followed, and the SSRF rules applied at connect time. The host name is resolved here, every
// address checked, and the socket connects to the checked address (pinned), so a DNS answer that
// changes between the check and the connection (rebinding) cannot reach an internal address.
import http from "node:http";
import https from "node:https";
import { lookup as dnsLookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress, schemeAllowed } from "@/lib/webhooks/webhook-url";

export const ATTEMPT_TIMEOUT_MS = 10_000;
const SNIPPET_BYTES = 512;

export interface PostResult {
  /** null when no HTTP response arrived */
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  error: string | null;
  /** the first bytes of the response body */
  snippet: string | null;
}

class RefusedTarget extends Error {}

type Resolve = (hostname: string, cb: (err: Error | null, addresses: { address: string; family: number }[]) => void) => void;
const systemResolve: Resolve = (hostname, cb) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => cb(err, addresses ?? []));

/**
 * Connections are kept alive and reused across attempts: a burst of deliveries to one receiver
 * would otherwise open a TCP (and TLS) connection per POST. The SSRF rule still holds: a socket is
 * only ever opened through `pinnedLookup`, so a reused one is connected to an address that was
 * checked when it was opened. One agent per resolver, scheme and rule (`allowPrivate`), so a socket
 * opened under the relaxed rule is never reused under the strict one. Idle sockets close after
 * 4 s, before a typical receiver's 5 s keep-alive limit, so a reused socket is rarely one the
 * receiver is closing.
 */
const agents = new WeakMap<Resolve, Map<string, http.Agent>>();
function keepAliveAgent(resolve: Resolve, protocol: string, allowPrivate: boolean): http.Agent {
  let byRule = agents.get(resolve);
  if (!byRule) agents.set(resolve, (byRule = new Map()));
  const key = `${protocol}${allowPrivate}`;
  let agent = byRule.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxFreeSockets: 128, timeout: 4000, scheduling: "lifo" as const };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    byRule.set(key, agent);
  }
  return agent;
}

/** A `lookup` for http.request that refuses internal addresses and answers only checked ones. */
function pinnedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, "", 4);
      if (addresses.length === 0) return callback(new Error(`no address for ${hostname}`), "", 4);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new RefusedTarget(`refused: ${hostname} resolves to a private or reserved address`), "", 4);
      }
      const wanted = options.family === 6 || options.family === 4 ? addresses.filter((a) => a.family === options.family) : addresses;
      const usable = wanted.length > 0 ? wanted : addresses;
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; resolve?: Resolve; timeoutMs?: number },
): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs" | "ok">): PostResult => ({
    ...r,
    ok: r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300,
    durationMs: Math.round(performance.now() - started),
  });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return done({ statusCode: null, error: "invalid URL", snippet: null });
  }
  if (!schemeAllowed(u, options.allowPrivate)) return done({ statusCode: null, error: "refused: only https:// targets are allowed", snippet: null });
  const host = u.hostname.replace(/^\[|\]$/g, "");
  // Node does not call `lookup` for an IP literal, so that case is checked here.
  if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
    return done({ statusCode: null, error: `refused: ${host} is a private or reserved address`, snippet: null });
  }

  const resolver = options.resolve ?? systemResolve;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, "durationMs" | "ok">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const client = u.protocol === "https:" ? https : http;
    const req = client.request(
      u,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(options.allowPrivate, resolver),
        agent: keepAliveAgent(resolver, u.protocol, options.allowPrivate),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < SNIPPET_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => {
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          finish({
            statusCode: status,
            error: redirect ? "redirect not followed" : null,
            snippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString("utf8"),
          });
        });
        res.on("error", (err) => finish({ statusCode: res.statusCode ?? null, error: err.message, snippet: null }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `timeout after ${(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS) / 1000} s`, snippet: null });
      req.destroy();
    }, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    req.on("error", (err) => finish({ statusCode: null, error: err instanceof RefusedTarget ? err.message : describe(err), snippet: null }));
    req.end(body);
  });
}

function describe(err: Error & { code?: string }): string {
  return err.code ? `${err.code}: ${err.message}` : err.message;
}
