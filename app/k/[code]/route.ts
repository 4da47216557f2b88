// GET /k/{code} — short signing link: 302 to the full signing URL
import { resolveShortLink } from "@/lib/consents/resolve-short-link";

export async function GET(req: Request, ctx: { params: Promise<{ code: string }> }): Promise<Response> {
  const target = await resolveShortLink((await ctx.params).code);
  if (!target) {
    return new Response("Bağlantı bulunamadı. / Link not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // A language asked for on the short link carries over to the page.
  const location = new URL(req.url).searchParams.get("lang") === "en" ? `${target}?lang=en` : target;
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
