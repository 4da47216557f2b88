import { db } from "@/lib/db";

/** The consent's timestamp sub-state (`none`, `queued`, `ok`, `failed`); `none` for an unknown id. */
export async function timestampStatus(consentId: string): Promise<string> {
  const c = await db().consent.findUnique({ where: { id: consentId }, select: { tsStatus: true } });
  return c?.tsStatus ?? "none";
}
