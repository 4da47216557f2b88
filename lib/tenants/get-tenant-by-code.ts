// Looks a tenant up by its public code (admin command line, panel).
import { AppError } from "@/lib/errors";
import { tenantByCode, type TenantRow } from "@/lib/db/tenants";

type TenantRecord = TenantRow;

export async function getTenantByCodeOrThrow(code: string): Promise<TenantRecord> {
  const tenant = await tenantByCode(code);
  if (!tenant) throw new AppError("not_found", `"${code}" kodlu kurum bulunamadı.`);
  return tenant;
}
