// GET /k/{code}: the short link in the SMS. proxy.ts checks it before routing: past the limit per
// address it answers 429 itself; an unknown code gets the same server-rendered 404 page as an unknown
// signing link (the person holding it is a patient, not an integrator), and one that cannot be looked
// up while the database is unreachable the "try again shortly" page; a known one reaches
// app/k/[code]/route.ts with its target in SHORT_LINK_HEADER, and the route answers the 302 (a
// redirect made in the proxy would reach the client with its Location made relative by Next).
import { clientIpOf } from "@/lib/server/client-ip";
import { hit } from "@/lib/limits/rate-limit";
import { linkTokenByShortCode } from "@/lib/db/consent-reads";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { isLanguage } from "@/lib/i18n/languages";
import { signingUrl } from "@/lib/consents/serialize-consent";

/** Set by the proxy alone (a caller's own value is replaced or never reaches the route). */
export const SHORT_LINK_HEADER = "x-eonam-short-link";
const PREFIX = "/k/";
// decisions §15: short codes are short; a limit per address keeps them from being enumerated.
const PER_MINUTE = 60;

type ShortLinkCheck = { refused: Response } | { target: string } | { unknown: true } | { unavailable: true };

export function isShortLink(pathname: string): boolean {
  return pathname.startsWith(PREFIX) && pathname.length > PREFIX.length && !pathname.includes("/", PREFIX.length);
}

async function resolveShortLink(code: string): Promise<string | null> {
  if (!/^[A-Za-z0-9]{7,10}$/.test(code)) return null;
  const token = await linkTokenByShortCode(code);
  return token === null ? null : signingUrl(token);
}

export async function checkShortLink(request: Request, pathname: string): Promise<ShortLinkCheck> {
  const limit = await hit(`short-link:${clientIpOf(request.headers)}`, PER_MINUTE);
  if (!limit.allowed) {
    const refused = new Response("Çok fazla istek; biraz sonra tekrar deneyin. / Too many requests; please try again shortly.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(limit.reset), "Cache-Control": "no-store" },
    });
    return { refused };
  }
  try {
    const target = await resolveShortLink(pathname.slice(PREFIX.length));
    return target ? { target } : { unknown: true };
  } catch (err) {
    if (isDatabaseUnavailable(err)) return { unavailable: true };
    throw err;
  }
}

function isOwnSigningUrl(target: string): boolean {
  const prefix = signingUrl("");
  return target.startsWith(prefix) && /^[A-Za-z0-9_-]{20,200}$/.test(target.slice(prefix.length));
}

/** The route's answer for the target the proxy found. */
export function shortLinkRedirect(request: Request): Response {
  const target = request.headers.get(SHORT_LINK_HEADER);
  // Only ever a signing link of this service: should a forged header get past the proxy, the SMS
  // domain still redirects nowhere else (an open redirect on a domain patients trust).
  if (!target || !isOwnSigningUrl(target)) return new Response("Bağlantı bulunamadı. / Link not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // A language asked for on the short link carries over to the page (any of the six it speaks).
  const lang = new URL(request.url).searchParams.get("lang");
  const location = isLanguage(lang) ? `${target}?lang=${lang}` : target;
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
