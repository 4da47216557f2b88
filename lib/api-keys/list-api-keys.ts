// The tenant's API keys for the owner's page: never the secret (only its digest exists).
import { listTenantApiKeys } from "@/lib/db/api-keys";
import type { Scope } from "@/lib/api-keys/scopes";

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function listApiKeys(tenantId: string): Promise<ApiKeyRow[]> {
  const rows = await listTenantApiKeys(tenantId);
  return rows.map((r) => ({ ...r, scopes: r.scopes as Scope[] }));
}
