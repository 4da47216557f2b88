"use server";
// Server actions of the team page: a new user of the owner's own tenant (owner only), a member's role
// or account switch (owner only), and a member's physician details (decisions §19; owner only, never
// their own: issue #49), never for another tenant's user. Each is written to the panel's action log.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { createTeamUser, type TeamUserInput } from "@/lib/users/create-team-user";
import { setUserPhysician } from "@/lib/users/set-user-physician";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { setTeamMember, type TeamMemberChange } from "@/lib/users/set-team-member";

export async function createUserAction(values: Partial<TeamUserInput>): Promise<ActionResult> {
  const user = await requirePanelUser("addUsers");
  return toActionResult(async (): Promise<undefined> => {
    const created = await createTeamUser(user.tenantId, values ?? {});
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "user.create", target: created.id, detail: { role: created.role } });
    return undefined;
  });
}

export async function setPhysicianAction(userId: string, values: { isPhysician: boolean; name: string; registrationNo: string }): Promise<ActionResult> {
  const user = await requirePanelUser("physicians");
  return toActionResult(async (): Promise<undefined> => {
    const v = values ?? { isPhysician: false, name: "", registrationNo: "" };
    await setUserPhysician(user, String(userId), { isPhysician: v.isPhysician === true, name: String(v.name ?? ""), registrationNo: String(v.registrationNo ?? "") });
    return undefined;
  });
}

export async function setTeamMemberAction(userId: string, change: TeamMemberChange): Promise<ActionResult> {
  const user = await requirePanelUser("addUsers");
  return toActionResult(async (): Promise<undefined> => {
    await setTeamMember(user.tenantId, user.id, String(userId), change);
    return undefined;
  });
}
