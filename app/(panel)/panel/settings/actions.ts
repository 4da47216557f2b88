"use server";
// Server action of the settings page (owner only).
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/panel/action-result";
import { updateTenantSettings } from "@/lib/panel/tenant-settings";

export async function updateSettingsAction(values: { defaultValidityHours: unknown; reminderHoursBefore: unknown }): Promise<ActionResult<{ defaultValidityHours: number; reminderHoursBefore: number | null }>> {
  const user = await requirePanelUser("settings");
  return toActionResult(() => updateTenantSettings(user.tenantId, values));
}
