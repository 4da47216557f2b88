// API keys: the lookup every /v1 call makes, on the driver (lib/db.ts sqlRows says why).
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

const apiKeyColumns = columnsAs("ApiKey", ["id", "name", "scopes", "secretDigest", "revokedAt", "tenantId"]);

export async function apiKeyRow(id: string) {
  const [key] = await sqlRows<{ id: string; name: string; scopes: string[]; secretDigest: string; revokedAt: Date | null; tenantId: string }>(
    Prisma.sql`SELECT ${apiKeyColumns} FROM api_keys WHERE id = ${id}`,
  );
  return key;
}
