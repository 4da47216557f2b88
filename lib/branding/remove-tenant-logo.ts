// DELETE /panel/settings/branding/logo: pages and documents rendered from now on show no logo; its
// address answers 404 at once (a browser may still hold a cached copy).
import { transaction } from "@/lib/db";
import { clearLogo } from "@/lib/db/branding";
import { now } from "@/lib/clock";
import { recordPanelAction } from "@/lib/users/panel-audit";

export async function removeTenantLogo(tenantId: string, actorId: string): Promise<void> {
  const at = now();
  await transaction(async (tx) => {
    if ((await clearLogo(tx, tenantId, at)) > 0) await recordPanelAction({ tenantId, actorId, action: "branding.logo_remove" }, tx);
  });
}
