"use server";
// Server actions of the team page for sign-in security (issue #42): a one-time password-reset link for
// another member (an owner for anyone, an admin for staff: lib/users/roles.ts), and an owner's reset of
// a member's two-factor sign-in. Both are written to the panel's action log, without the link.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { createPasswordReset } from "@/lib/users/create-password-reset";
import { resetMemberTwoFactor } from "@/lib/users/reset-member-two-factor";
import { RESET_LINK_TTL_HOURS } from "@/lib/users/reset-token";

export async function createResetLinkAction(userId: string): Promise<ActionResult<{ url: string; hours: number }>> {
  const user = await requirePanelUser("team");
  return toActionResult(async () => ({ url: (await createPasswordReset(user, String(userId))).url, hours: RESET_LINK_TTL_HOURS }));
}

export async function resetTwoFactorAction(userId: string): Promise<ActionResult> {
  const user = await requirePanelUser("addUsers");
  return toActionResult(async (): Promise<undefined> => {
    await resetMemberTwoFactor(user.tenantId, user.id, String(userId));
    return undefined;
  });
}
