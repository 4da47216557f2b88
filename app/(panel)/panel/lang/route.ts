// GET /panel/lang?to=en&back=/panel/... — remembers the panel language in a cookie and goes back
import { panelLangCookie } from "@/lib/page-language";

const HOME = "/panel";

/**
 * `back` rebuilt by the URL parser against this request's origin, kept only when it stays on this
 * origin and inside the panel: never an open redirect, and never a Location header a CR/LF (or any
 * control character) could split — such a value, like a foreign URL, goes back to /panel.
 */
function panelPath(back: string | null, origin: string): string {
  if (!back || back.length > 2048 || /\p{Cc}/u.test(back)) return HOME;
  let u: URL;
  try {
    u = new URL(back, origin);
  } catch {
    return HOME;
  }
  if (u.origin !== origin || (u.pathname !== HOME && !u.pathname.startsWith(`${HOME}/`))) return HOME;
  return `${u.pathname}${u.search}${u.hash}`;
}

export function GET(req: Request): Response {
  const url = new URL(req.url);
  const lang = url.searchParams.get("to") === "en" ? "en" : "tr";
  return new Response(null, {
    status: 303,
    headers: {
      Location: panelPath(url.searchParams.get("back"), url.origin),
      "Set-Cookie": panelLangCookie(lang),
    },
  });
}
