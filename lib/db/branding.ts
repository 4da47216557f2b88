// The institution's branding (decisions §23): its details and logo, read by its tenant's id or, for
// the logo's public address, by the logo's key alone; written with the panel's action log.
import { Prisma } from "@prisma/client";
import { db, type Tx } from "@/lib/db";

/** The columns the pages need (never the logo's bytes). */
export const brandingRowSelect = {
  address: true,
  phone: true,
  privacyUrl: true,
  logoType: true,
  logoKey: true,
  logoWidth: true,
  logoHeight: true,
} as const satisfies Prisma.TenantBrandingSelect;

export type BrandingRow = Prisma.TenantBrandingGetPayload<{ select: typeof brandingRowSelect }>;

/** The panel's settings page: what the pages show, and the SMS sender name. */
export function brandingSettingsRow(tenantId: string) {
  return db().tenantBranding.findUnique({ where: { tenantId }, select: { ...brandingRowSelect, smsSender: true } });
}

/** A document's letterhead: the details and the logo's opaque raster. */
export function letterheadRow(tenantId: string) {
  return db().tenantBranding.findUnique({
    where: { tenantId },
    select: { address: true, phone: true, privacyUrl: true, logoRaster: true, logoWidth: true, logoHeight: true },
  });
}

/** The logo served at its public address, by the key alone. */
export function logoByKey(logoKey: string) {
  return db().tenantBranding.findUnique({ where: { logoKey }, select: { logo: true, logoType: true } });
}

// ── In a transaction (SQL on its connection) ─────────────────────────────────────────────────────

interface BrandingFieldValues {
  address: string | null;
  phone: string | null;
  privacyUrl: string | null;
  smsSender: string | null;
}

/** The four fields as saved; undefined when the tenant never saved branding. */
export async function brandingFieldsInTx(tx: Tx, tenantId: string): Promise<BrandingFieldValues | undefined> {
  const [row] = await tx.$queryRaw<BrandingFieldValues[]>(Prisma.sql`
    SELECT address, phone, privacy_url AS "privacyUrl", sms_sender AS "smsSender" FROM tenant_branding WHERE tenant_id = ${tenantId}`);
  return row;
}

export async function saveBrandingFields(tx: Tx, tenantId: string, f: BrandingFieldValues, at: Date): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO tenant_branding (tenant_id, address, phone, privacy_url, sms_sender, updated_at)
    VALUES (${tenantId}, ${f.address}, ${f.phone}, ${f.privacyUrl}, ${f.smsSender}, ${at})
    ON CONFLICT (tenant_id) DO UPDATE SET address = EXCLUDED.address, phone = EXCLUDED.phone, privacy_url = EXCLUDED.privacy_url,
      sms_sender = EXCLUDED.sms_sender, updated_at = EXCLUDED.updated_at`);
}

interface LogoValues {
  logoType: string;
  logo: Buffer;
  logoRaster: Buffer;
  logoWidth: number;
  logoHeight: number;
  logoKey: string;
}

/** The logo, replacing any earlier one (the row made if the tenant had none). */
export async function saveLogo(tx: Tx, tenantId: string, l: LogoValues, at: Date): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO tenant_branding (tenant_id, logo_type, logo, logo_raster, logo_width, logo_height, logo_key, updated_at)
    VALUES (${tenantId}, ${l.logoType}, ${l.logo}, ${l.logoRaster}, ${l.logoWidth}, ${l.logoHeight}, ${l.logoKey}, ${at})
    ON CONFLICT (tenant_id) DO UPDATE SET logo_type = EXCLUDED.logo_type, logo = EXCLUDED.logo, logo_raster = EXCLUDED.logo_raster,
      logo_width = EXCLUDED.logo_width, logo_height = EXCLUDED.logo_height, logo_key = EXCLUDED.logo_key, updated_at = EXCLUDED.updated_at`);
}

/** Removes the logo; 0 when there was none. */
export function clearLogo(tx: Tx, tenantId: string, at: Date): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE tenant_branding SET logo_type = NULL, logo = NULL, logo_raster = NULL, logo_width = NULL, logo_height = NULL, logo_key = NULL, updated_at = ${at}
    WHERE tenant_id = ${tenantId} AND logo_key IS NOT NULL`);
}
