// The panel's settings page: the institution's details as saved, and its logo's address.
import { db } from "@/lib/db";
import { brandingRowSelect, clinicBranding, type ClinicBranding } from "@/lib/branding/clinic-branding";

export interface TenantBranding extends ClinicBranding {
  /** the phone as the owner would type it back */
  phoneInput: string | null;
  smsSender: string | null;
}

export async function getTenantBranding(tenantId: string): Promise<TenantBranding> {
  const row = await db().tenantBranding.findUnique({ where: { tenantId }, select: { ...brandingRowSelect, smsSender: true } });
  const shown = clinicBranding(row);
  return { ...shown, phoneInput: shown.phone?.display ?? null, smsSender: row?.smsSender ?? null };
}
