"use server";
// Server action of the settings page (owner only).
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { updateTenantSettings } from "@/lib/tenants/tenant-settings";

export async function updateSettingsAction(values: {
  defaultValidityHours: unknown;
  reminderHoursBefore: unknown;
  physicianSignatureType?: unknown;
}): Promise<ActionResult<{ defaultValidityHours: number; reminderHoursBefore: number | null; physicianSignatureType?: "cizim" | "nitelikli" }>> {
  const user = await requirePanelUser("settings");
  return toActionResult(async () => {
    const saved = await updateTenantSettings(user.tenantId, values);
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "settings.update", detail: saved });
    return saved;
  });
}
