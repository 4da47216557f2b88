// The letterhead of a consent's PDF (decisions §23): the institution's details as they stand when the
// document is rendered, with the logo's opaque raster (lib/branding/check-logo.ts).
import { letterheadRow } from "@/lib/db/branding";
import { displayPhone } from "@/lib/branding/branding-fields";
import type { DocumentBranding } from "@/lib/documents/document-types";

/** null when the institution set none of it. */
export async function getDocumentBranding(tenantId: string): Promise<DocumentBranding | null> {
  const row = await letterheadRow(tenantId);
  if (!row || (!row.address && !row.phone && !row.privacyUrl && !row.logoRaster)) return null;
  return {
    logo: row.logoRaster && row.logoWidth && row.logoHeight ? { png: Buffer.from(row.logoRaster), width: row.logoWidth, height: row.logoHeight } : null,
    address: row.address,
    phone: row.phone ? displayPhone(row.phone) : null,
    privacyUrl: row.privacyUrl,
  };
}
