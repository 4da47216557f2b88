// GET /k/{code} — short signing link: 302 to the full signing URL
import { clientIpOf } from "@/lib/api/client-ip";
import { hit } from "@/lib/api/rate-limit";
import { resolveShortLink } from "@/lib/consents/resolve-short-link";

// decisions §15: short codes are short; a limit per address keeps them from being enumerated.
const PER_MINUTE = 60;

export async function GET(req: Request, ctx: { params: Promise<{ code: string }> }): Promise<Response> {
  const limit = await hit(`short-link:${clientIpOf(req.headers)}`, PER_MINUTE);
  if (!limit.allowed) {
    return new Response("Çok fazla istek; biraz sonra tekrar deneyin. / Too many requests; please try again shortly.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(limit.reset), "Cache-Control": "no-store" },
    });
  }
  const target = await resolveShortLink((await ctx.params).code);
  if (!target) {
    return new Response("Bağlantı bulunamadı. / Link not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // A language asked for on the short link carries over to the page.
  const location = new URL(req.url).searchParams.get("lang") === "en" ? `${target}?lang=en` : target;
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
