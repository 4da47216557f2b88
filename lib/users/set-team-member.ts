// The owner changes a team member's role or switches their account off or on (issue #42). Takes
// effect on the member's next request: every panel request reads the role and the switch from the
// database (get-panel-user.ts). Never the owner's own account, and never the tenant's last active owner.
// Switching an account off also ends its sessions (switched on again, an old session cookie stays
// dead) and its open password-reset links.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError, parseOrThrow } from "@/lib/errors";
import { deletePasswordResets } from "@/lib/db/password-resets";
import { lockActiveOwners, memberInTx, raiseSessionVersion, setUserDisabledAt, setUserRole } from "@/lib/db/users";
import { recordPanelAction } from "@/lib/users/panel-audit";

const schema = z.union([
  z.object({ role: z.enum(["owner", "admin", "staff"], { error: "owner, admin ya da staff olmalı" }) }),
  z.object({ active: z.boolean({ error: "evet ya da hayır olmalı" }) }),
]);

export type TeamMemberChange = z.input<typeof schema>;

export async function setTeamMember(tenantId: string, actorId: string, userId: string, input: unknown): Promise<void> {
  const change = parseOrThrow(schema, input);
  if (userId === actorId) throw new AppError("invalid_state", "Kendi hesabınızın rolünü ya da durumunu değiştiremezsiniz; bunu başka bir sahip yapabilir.");
  await transaction(async (tx) => {
    // The tenant's owners, locked: two owners demoting each other at once cannot both succeed.
    const owners = await lockActiveOwners(tx, tenantId);
    const member = await memberInTx(tx, tenantId, userId);
    if (!member) throw new AppError("not_found", "Kullanıcı bulunamadı.");
    const losesOwner = member.role === "owner" && member.disabledAt === null && ("role" in change ? change.role !== "owner" : !change.active);
    if (losesOwner && owners.length <= 1) throw new AppError("invalid_state", "Kurumun en az bir etkin sahibi olmalı.");
    if ("role" in change) {
      if (change.role === member.role) return;
      await setUserRole(tx, tenantId, userId, change.role);
      await recordPanelAction({ tenantId, actorId, action: "user.role", target: userId, detail: { from: member.role, to: change.role } }, tx);
      return;
    }
    if (change.active === (member.disabledAt === null)) return;
    await setUserDisabledAt(tx, tenantId, userId, change.active ? null : now());
    // Neither a session nor a reset link made before may open the account again (issue #42).
    if (!change.active) {
      await raiseSessionVersion(tx, tenantId, userId);
      await deletePasswordResets(tx, tenantId, userId);
    }
    await recordPanelAction({ tenantId, actorId, action: change.active ? "user.reactivate" : "user.deactivate", target: userId }, tx);
  });
}
