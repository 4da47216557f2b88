// The operator's way back into an institution's panel (admin command line, decisions §13): when the
// only owner forgot their password (no one else may reset an owner's) or lost both their phone and
// their recovery codes (no one else may reset an owner's two-step verification either), the operator
// makes a one-time reset link, or turns two-step verification off, for the account by its e-mail.
// Both go into the institution's panel action log, by "admin-cli".
import { userByEmail } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { issuePasswordReset } from "@/lib/users/create-password-reset";
import { clearTwoFactor } from "@/lib/users/disable-two-factor";

const OPERATOR = "admin-cli";

async function accountOf(tenantId: string, email: string): Promise<{ id: string; disabledAt: Date | null }> {
  const user = await userByEmail(tenantId, email.trim().toLowerCase());
  if (!user) throw new AppError("not_found", `${email} adresiyle kayıtlı bir kullanıcı yok.`);
  return user;
}

export async function operatorResetLink(tenantId: string, email: string): Promise<{ url: string; expiresAt: Date }> {
  const user = await accountOf(tenantId, email);
  if (user.disabledAt) throw new AppError("invalid_state", "Hesap devre dışı: önce panelden yeniden etkinleştirilmeli.");
  return issuePasswordReset(tenantId, user.id, OPERATOR);
}

export async function operatorResetTwoFactor(tenantId: string, email: string): Promise<void> {
  const user = await accountOf(tenantId, email);
  if (!(await clearTwoFactor(tenantId, OPERATOR, user.id, "user.two_factor_reset"))) throw new AppError("invalid_state", "Bu kullanıcının iki adımlı doğrulaması zaten kapalı.");
}
