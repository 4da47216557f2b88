// PUT /panel/settings/branding/logo: the institution's logo (decisions §23), checked and prepared by
// lib/branding/check-logo.ts, replacing any earlier one. Its public address is a keyed digest of the
// tenant and the served bytes, so it changes with the logo and nobody can derive or enumerate it.
import { transaction } from "@/lib/db";
import { saveLogo } from "@/lib/db/branding";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { hmacHex, sha256Hex } from "@/lib/crypto";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { checkLogo } from "@/lib/branding/check-logo";
import { logoUrl } from "@/lib/branding/clinic-branding";

/** Read at most this much (past it 413); the 200 KB limit is checked after, as a field error. */
const LOGO_UPLOAD_LIMIT = 1024 * 1024;

interface LogoUpload {
  /** the request's Content-Type */
  contentType: string | null;
  /** reads the body, refusing (413) more than `limit` bytes */
  read(limit: number): Promise<Buffer>;
}

interface StoredLogo {
  url: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  /** what the SVG sanitizer took out (element and attribute names) */
  removed: string[];
}

function logoKeyOf(tenantId: string, served: Buffer): string {
  return hmacHex(env().APP_SECRET, `brand-logo\u0000${tenantId}\u0000${sha256Hex(served)}`).slice(0, 32);
}

export async function putTenantLogo(tenantId: string, actorId: string, upload: LogoUpload): Promise<StoredLogo> {
  const logo = await checkLogo(await upload.read(LOGO_UPLOAD_LIMIT), upload.contentType);
  const key = logoKeyOf(tenantId, logo.served);
  const at = now();
  await transaction(async (tx) => {
    await saveLogo(tx, tenantId, { logoType: logo.type, logo: logo.served, logoRaster: logo.raster, logoWidth: logo.width, logoHeight: logo.height, logoKey: key }, at);
    await recordPanelAction({ tenantId, actorId, action: "branding.logo", detail: { type: logo.type, bytes: logo.served.length, removed: logo.removed } }, tx);
  });
  return { url: logoUrl(key, logo.type), content_type: logo.type, bytes: logo.served.length, width: logo.width, height: logo.height, removed: logo.removed };
}
