"use server";
// Server action of the settings page (owner only).
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { recordPanelAction } from "@/lib/panel/panel-audit";
import { toActionResult, type ActionResult } from "@/lib/panel/action-result";
import { updateTenantSettings } from "@/lib/panel/tenant-settings";

export async function updateSettingsAction(values: { defaultValidityHours: unknown; reminderHoursBefore: unknown }): Promise<ActionResult<{ defaultValidityHours: number; reminderHoursBefore: number | null }>> {
  const user = await requirePanelUser("settings");
  return toActionResult(async () => {
    const saved = await updateTenantSettings(user.tenantId, values);
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "settings.update", detail: saved });
    return saved;
  });
}
