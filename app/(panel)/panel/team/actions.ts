"use server";
// Server action of the team page (owner only): a new user of the owner's own tenant.
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/panel/action-result";
import { createUser } from "@/lib/users/create-user";

export async function createUserAction(values: { email: string; name: string; password: string; role: string }): Promise<ActionResult> {
  const user = await requirePanelUser("team");
  return toActionResult(async (): Promise<undefined> => {
    const v = values ?? { email: "", name: "", password: "", role: "" };
    await createUser({ tenantId: user.tenantId, email: String(v.email ?? ""), password: String(v.password ?? ""), role: String(v.role ?? "") as "staff", name: v.name ? String(v.name) : undefined });
    return undefined;
  });
}
