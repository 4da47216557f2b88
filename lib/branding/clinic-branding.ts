// What the signing page shows of the institution besides its name (decisions §23): the same for
// anyone holding the link, before and after the code (it is the institution's, not the person's).
import type { BrandingRow } from "@/lib/db/branding";
import { displayPhone } from "@/lib/branding/branding-fields";

// The columns the pages read are spelled where they are read (lib/db/branding.ts); the signing page
// still selects them itself until its reads move there too.
export { brandingRowSelect, type BrandingRow } from "@/lib/db/branding";

export interface ClinicBranding {
  /** the logo's public address (/brand/…), and its shape for the page's layout */
  logo: { url: string; width: number; height: number } | null;
  address: string | null;
  /** E.164 for tel:, and as written for people */
  phone: { e164: string; display: string } | null;
  privacyUrl: string | null;
}

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
