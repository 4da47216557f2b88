// Revokes an API key. Idempotent: a second revoke keeps the first revocation time.
import { AppError } from "@/lib/errors";
import { db } from "@/lib/db";

export interface RevokedApiKey {
  id: string;
  revokedAt: Date;
}

/** With tenantId (the panel), a key of another tenant is not_found, as if it did not exist. */
export async function revokeApiKey(id: string, tenantId?: string): Promise<RevokedApiKey> {
  const where = { id, ...(tenantId !== undefined ? { tenantId } : {}) };
  // Conditional on revokedAt null, so concurrent revokes agree on one time.
  await db().apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const key = await db().apiKey.findFirst({ where, select: { id: true, revokedAt: true } });
  if (!key?.revokedAt) throw new AppError("not_found", `"${id}" kimlikli API anahtarı bulunamadı.`);
  return { id: key.id, revokedAt: key.revokedAt };
}
