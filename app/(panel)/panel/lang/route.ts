// GET /panel/lang?to=en&back=/panel/... — remembers the panel language in a cookie and goes back
import { panelLangCookie } from "@/lib/page-language";

export function GET(req: Request): Response {
  const url = new URL(req.url);
  const lang = url.searchParams.get("to") === "en" ? "en" : "tr";
  const back = url.searchParams.get("back") ?? "/panel";
  // Only a path inside the panel: never an open redirect.
  const target = /^\/panel(\/[A-Za-z0-9_\-/.]*)?(\?[^\\]*)?$/.test(back) && !back.startsWith("//") ? back : "/panel";
  return new Response(null, {
    status: 303,
    headers: {
      Location: target,
      "Set-Cookie": panelLangCookie(lang),
    },
  });
}
