"use server";
// Server action of the settings page's two-factor section (issue #42, owner only): whether every panel
// user of the tenant must sign in with a second factor. Kept apart from actions.ts, the rest of the
// settings form's.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { setTwoFactorRequired } from "@/lib/users/two-factor-policy";

export async function setTwoFactorRequiredAction(required: boolean): Promise<ActionResult<{ required: boolean }>> {
  const user = await requirePanelUser("settings");
  return toActionResult(async () => ({ required: await setTwoFactorRequired(user.tenantId, user.id, required) }));
}
