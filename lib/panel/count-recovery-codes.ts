// The account page's count of unused recovery codes (issue #42); whether two-factor sign-in is on,
// since when, and whether the tenant requires it come with the panel user (get-panel-user.ts).
import { db } from "@/lib/db";

export async function countRecoveryCodesLeft(tenantId: string, userId: string): Promise<number> {
  return db().recoveryCode.count({ where: { tenantId, userId, usedAt: null } });
}
