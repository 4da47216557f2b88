// The tenant's API keys for the owner's page: never the secret (only its digest exists).
import { db } from "@/lib/db";
import type { Scope } from "@/lib/api-keys/scopes";

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function listApiKeys(tenantId: string): Promise<ApiKeyRow[]> {
  const rows = await db().apiKey.findMany({
    where: { tenantId },
    select: { id: true, name: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ ...r, scopes: r.scopes as Scope[] }));
}
