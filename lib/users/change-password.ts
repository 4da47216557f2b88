// A signed-in user's own new password (issue #51), from the change-password page: the current
// password first, checked as a step-up is (verify-step-up.ts: a wrong one counts towards the
// account's lockout and the address's limit, so a session left open cannot be used to guess it),
// then the new one under the rule of creation and reset. In one transaction the password is replaced
// (which also lifts "must change at first sign-in"), every other session of the user ends (issue #49:
// a session version raised, keeping only the one that made the change) and the change is written to
// the action log. The same page serves a user whose password someone else set.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { raiseSessionVersionKeeping, replacePassword } from "@/lib/db/users";
import { AppError, parseOrThrow } from "@/lib/errors";
import { hashPassword, passwordSchema } from "@/lib/users/create-user";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { verifyStepUp } from "@/lib/users/verify-step-up";

const SAME = "Yeni parola şimdikinden farklı olmalı.";

const schema = z.object({
  currentPassword: z.string().max(256, { error: "en fazla 256 karakter olabilir" }),
  newPassword: passwordSchema,
});

interface PasswordChanger {
  tenantId: string;
  id: string;
  /** the session making the change, which goes on (null: none is kept) */
  sessionId?: string | null;
}

export async function changePassword(user: PasswordChanger, input: { currentPassword?: unknown; newPassword?: unknown }, ip: string): Promise<void> {
  const i = parseOrThrow(schema, { currentPassword: String(input.currentPassword ?? ""), newPassword: String(input.newPassword ?? "") });
  const keepSid = user.sessionId ?? null;
  try {
    await verifyStepUp(user.id, i.currentPassword, ip, keepSid);
  } catch (err) {
    // The form's field is the current password; the step-up names its own "password".
    if (err instanceof AppError && err.errors?.password) throw new AppError(err.code, err.message, { currentPassword: err.errors.password });
    throw err;
  }
  // Only once the current one is proven: otherwise this would tell a guesser they hit it.
  if (i.newPassword === i.currentPassword) throw new AppError("validation_failed", SAME, { newPassword: [SAME] });
  const passwordHash = await hashPassword(i.newPassword);
  await transaction(async (tx) => {
    if ((await replacePassword(tx, user.tenantId, user.id, passwordHash)) !== 1) throw new AppError("forbidden", "Hesap devre dışı.");
    await raiseSessionVersionKeeping(tx, user.tenantId, user.id, keepSid);
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "user.password_change", target: user.id }, tx);
  });
}
