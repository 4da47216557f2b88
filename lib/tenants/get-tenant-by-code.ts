// Looks a tenant up by its public code (admin command line, panel).
import { AppError } from "@/lib/errors";
import { db } from "@/lib/db";

export interface TenantRecord {
  id: string;
  code: string;
  name: string;
  type: string;
  storageMode: string;
  timezone: string;
  defaultValidityHours: number;
  quotaRemaining: number;
  quotaUnlimited: boolean;
  licenseEnds: Date | null;
}

export async function getTenantByCodeOrThrow(code: string): Promise<TenantRecord> {
  const tenant = await db().tenant.findUnique({
    where: { code },
    select: {
      id: true,
      code: true,
      name: true,
      type: true,
      storageMode: true,
      timezone: true,
      defaultValidityHours: true,
      quotaRemaining: true,
      quotaUnlimited: true,
      licenseEnds: true,
    },
  });
  if (!tenant) throw new AppError("not_found", `"${code}" kodlu kurum bulunamadı.`);
  return tenant;
}
