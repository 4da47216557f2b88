// An owner turns off another member's two-factor sign-in (issue #42): for a lost or replaced phone
// whose recovery codes are gone too. Never one's own (that asks for the password: disable-two-factor.ts).
// Written to the action log; the member signs in with the password alone until they turn it on again
// (at once, where the tenant requires it). Every session of the member ends (issue #49).
import { teamMember } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { clearTwoFactor } from "@/lib/users/disable-two-factor";

export async function resetMemberTwoFactor(tenantId: string, actorId: string, userId: string): Promise<void> {
  if (userId === actorId) throw new AppError("invalid_state", "Kendi iki adımlı doğrulamanızı Hesabım sayfasından, parolanızla kapatabilirsiniz.");
  if (!(await teamMember(tenantId, userId))) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  if (!(await clearTwoFactor(tenantId, actorId, userId, "user.two_factor_reset"))) throw new AppError("invalid_state", "Bu kullanıcının iki adımlı doğrulaması zaten kapalı.");
}
