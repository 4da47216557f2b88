// The team page's new user (owner only): the user of lib/users/create-user.ts, marked as a physician
// with their registration number when the owner says so (decisions §19). The physician details are
// checked before the user is made, so a refused registration number leaves no half-made user. The
// owner typed the password, so the user must change it at their first sign-in (issue #51).
import { updateUserPhysician } from "@/lib/db/users";
import { parseOrThrow } from "@/lib/errors";
import { createUser, type UserView } from "@/lib/users/create-user";
import { physicianDetailsSchema } from "@/lib/users/set-user-physician";

export interface TeamUserInput {
  email: string;
  name: string;
  password: string;
  role: string;
  isPhysician: boolean;
  registrationNo: string;
}

export async function createTeamUser(tenantId: string, input: Partial<TeamUserInput>): Promise<UserView> {
  const physician = parseOrThrow(physicianDetailsSchema, {
    isPhysician: input.isPhysician === true,
    name: String(input.name ?? ""),
    registrationNo: String(input.registrationNo ?? ""),
  });
  const user = await createUser({
    tenantId,
    email: String(input.email ?? ""),
    password: String(input.password ?? ""),
    role: String(input.role ?? "") as "staff",
    name: physician.name ?? undefined,
    mustChangePassword: true,
  });
  if (physician.isPhysician) {
    await updateUserPhysician(tenantId, user.id, { isPhysician: true, registrationNo: physician.registrationNo });
  }
  return user;
}
