// The account page's two-factor section (issue #42): whether it is on and since when, how many recovery
// codes are left, and whether the tenant requires it.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";

export async function getTwoFactorStatus(tenantId: string, userId: string): Promise<{ enabledAt: Date | null; recoveryCodesLeft: number; required: boolean }> {
  const [u, left] = await Promise.all([
    db().user.findFirst({ where: { id: userId, tenantId }, select: { totpEnabledAt: true, tenant: { select: { requireTwoFactor: true } } } }),
    db().recoveryCode.count({ where: { tenantId, userId, usedAt: null } }),
  ]);
  if (!u) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  return { enabledAt: u.totpEnabledAt, recoveryCodesLeft: u.totpEnabledAt ? left : 0, required: u.tenant.requireTwoFactor };
}
