// What the signing page shows of the institution besides its name (decisions §23): the same for
// anyone holding the link, before and after the code (it is the institution's, not the person's).
import type { Prisma } from "@prisma/client";
import { displayPhone } from "@/lib/branding/branding-fields";

export interface ClinicBranding {
  /** the logo's public address (/brand/…), and its shape for the page's layout */
  logo: { url: string; width: number; height: number } | null;
  address: string | null;
  /** E.164 for tel:, and as written for people */
  phone: { e164: string; display: string } | null;
  privacyUrl: string | null;
}

/** The columns the pages need (never the logo's bytes). */
export const brandingRowSelect = {
  address: true,
  phone: true,
  privacyUrl: true,
  logoType: true,
  logoKey: true,
  logoWidth: true,
  logoHeight: true,
} as const;

export type BrandingRow = Prisma.TenantBrandingGetPayload<{ select: typeof brandingRowSelect }>;

/** /brand/{key}.png or .svg: the extension says the type, so that a cache or a proxy never has to guess. */
export function logoUrl(key: string, type: string): string {
  return `/brand/${key}.${type === "image/svg+xml" ? "svg" : "png"}`;
}

export function clinicBranding(row: BrandingRow | null): ClinicBranding {
  return {
    logo: row?.logoKey && row.logoType ? { url: logoUrl(row.logoKey, row.logoType), width: row.logoWidth ?? 0, height: row.logoHeight ?? 0 } : null,
    address: row?.address ?? null,
    phone: row?.phone ? { e164: row.phone, display: displayPhone(row.phone) } : null,
    privacyUrl: row?.privacyUrl ?? null,
  };
}
