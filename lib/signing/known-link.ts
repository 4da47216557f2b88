// Whether a signing link's token belongs to a consent: asked by proxy.ts before the page runs, so that
// an unknown link gets the server-rendered 404 page (app/not-found.tsx), and a link that cannot be
// looked up because the database is unreachable a server-rendered "try again shortly" page.
import { signingRow } from "@/lib/db/signing";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

/** `known` also when the lookup failed for another reason (the page then finds out itself). */
export async function linkStatus(token: string): Promise<"known" | "unknown" | "unavailable"> {
  try {
    return (await signingRow(token)) !== undefined ? "known" : "unknown";
  } catch (err) {
    return isDatabaseUnavailable(err) ? "unavailable" : "known";
  }
}
