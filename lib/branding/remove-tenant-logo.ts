// DELETE /panel/settings/branding/logo: pages and documents rendered from now on show no logo; its
// address answers 404 at once (a browser may still hold a cached copy).
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { recordPanelAction } from "@/lib/panel/panel-audit";

export async function removeTenantLogo(tenantId: string, actorId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const { count } = await tx.tenantBranding.updateMany({
      where: { tenantId, logoKey: { not: null } },
      data: { logoType: null, logo: null, logoRaster: null, logoWidth: null, logoHeight: null, logoKey: null, updatedAt: now() },
    });
    if (count > 0) await recordPanelAction({ tenantId, actorId, action: "branding.logo_remove" }, tx);
  });
}
