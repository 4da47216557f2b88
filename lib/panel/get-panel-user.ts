// The signed-in user as the panel sees it: role and tenant come from the database, never the client.
import { db } from "@/lib/db";
import type { UserRole } from "@/lib/users/create-user";
import { isUserRole } from "@/lib/panel/roles";

export interface PanelUser {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
  tenantId: string;
  tenantName: string;
}

export async function getPanelUser(userId: string): Promise<PanelUser | null> {
  if (!userId) return null;
  const u = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, role: true, tenantId: true, disabledAt: true, tenant: { select: { name: true } } },
  });
  if (!u || u.disabledAt || !isUserRole(u.role)) return null;
  return { id: u.id, email: u.email, name: u.name, role: u.role, tenantId: u.tenantId, tenantName: u.tenant.name };
}
