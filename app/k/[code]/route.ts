// GET /k/{code} — the short signing link: 302 to the full signing URL, which proxy.ts has looked up
// (and limited per address) before this runs; see lib/signing/short-link.ts.
import { shortLinkRedirect } from "@/lib/signing/short-link";

export function GET(req: Request): Response {
  return shortLinkRedirect(req);
}
