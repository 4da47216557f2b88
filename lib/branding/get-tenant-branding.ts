// The panel's settings page: the institution's details as saved, and its logo's address.
import { brandingSettingsRow } from "@/lib/db/branding";
import { clinicBranding, type ClinicBranding } from "@/lib/branding/clinic-branding";

interface TenantBranding extends ClinicBranding {
  smsSender: string | null;
}

export async function getTenantBranding(tenantId: string): Promise<TenantBranding> {
  const row = await brandingSettingsRow(tenantId);
  return { ...clinicBranding(row), smsSender: row?.smsSender ?? null };
}
