// Whether a signing link's token belongs to a consent: asked by proxy.ts before the page runs, so that
// an unknown link gets the server-rendered 404 page (app/not-found.tsx).
import { signingRow } from "@/lib/db/hot-queries";

/** True when a consent stands behind the token, and when the database cannot say (the page then finds out itself). */
export async function isKnownLink(token: string): Promise<boolean> {
  try {
    return (await signingRow(token)) !== undefined;
  } catch {
    return true;
  }
}
