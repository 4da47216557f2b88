"use server";
// Server actions of the team page: a new user of the owner's own tenant (owner only), and a user's
// physician details (decisions §19; admin and owner), never for another tenant's user.
import { requirePanelUser } from "@/lib/panel/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/panel/action-result";
import { createTeamUser, type TeamUserInput } from "@/lib/panel/create-team-user";
import { setUserPhysician } from "@/lib/panel/set-user-physician";

export async function createUserAction(values: Partial<TeamUserInput>): Promise<ActionResult> {
  const user = await requirePanelUser("addUsers");
  return toActionResult(async (): Promise<undefined> => {
    await createTeamUser(user.tenantId, values ?? {});
    return undefined;
  });
}

export async function setPhysicianAction(userId: string, values: { isPhysician: boolean; name: string; registrationNo: string }): Promise<ActionResult> {
  const user = await requirePanelUser("team");
  return toActionResult(async (): Promise<undefined> => {
    const v = values ?? { isPhysician: false, name: "", registrationNo: "" };
    await setUserPhysician(user.tenantId, String(userId), { isPhysician: v.isPhysician === true, name: String(v.name ?? ""), registrationNo: String(v.registrationNo ?? "") });
    return undefined;
  });
}
