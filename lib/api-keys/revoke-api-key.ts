// Revokes an API key. Idempotent: a second revoke keeps the first revocation time.
import { AppError } from "@/lib/errors";
import { revokeApiKeyRow } from "@/lib/db/api-keys";

interface RevokedApiKey {
  id: string;
  revokedAt: Date;
}

/** With tenantId (the panel), a key of another tenant is not_found, as if it did not exist. */
export async function revokeApiKey(id: string, tenantId?: string): Promise<RevokedApiKey> {
  const key = await revokeApiKeyRow(id, tenantId, new Date());
  if (!key?.revokedAt) throw new AppError("not_found", `"${id}" kimlikli API anahtarı bulunamadı.`);
  return { id: key.id, revokedAt: key.revokedAt };
}
