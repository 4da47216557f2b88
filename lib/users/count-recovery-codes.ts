// The account page's count of unused recovery codes (issue #42); whether two-factor sign-in is on,
// since when, and whether the tenant requires it come with the panel user (get-panel-user.ts).
import { countUnusedRecoveryCodes } from "@/lib/db/two-factor";

export async function countRecoveryCodesLeft(tenantId: string, userId: string): Promise<number> {
  return countUnusedRecoveryCodes(tenantId, userId);
}
