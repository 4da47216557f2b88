// The panel's settings page: the institution's details as saved, and its logo's address.
import { db } from "@/lib/db";
import { brandingRowSelect, clinicBranding, type ClinicBranding } from "@/lib/branding/clinic-branding";

export interface TenantBranding extends ClinicBranding {
  smsSender: string | null;
}

export async function getTenantBranding(tenantId: string): Promise<TenantBranding> {
  const row = await db().tenantBranding.findUnique({ where: { tenantId }, select: { ...brandingRowSelect, smsSender: true } });
  return { ...clinicBranding(row), smsSender: row?.smsSender ?? null };
}
