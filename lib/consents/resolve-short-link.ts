// GET /k/{code}: the short link in the SMS resolves to the signing URL.
import { db } from "@/lib/db";
import { signingUrl } from "@/lib/consents/serialize-consent";

export async function resolveShortLink(code: string): Promise<string | null> {
  if (!/^[A-Za-z0-9]{7,10}$/.test(code)) return null;
  const c = await db().consent.findUnique({ where: { shortCode: code }, select: { linkToken: true } });
  return c ? signingUrl(c.linkToken) : null;
}
