"use server";
// Server action of the countersign page (decisions §19): only a user marked as physician (else 403),
// the tenant from the session, the password checked again in lib/, which signs in the user's own name.
import { requirePhysician, panelOrigin } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { countersignAsPhysician, type CountersignOutcome } from "@/lib/consents/countersign-as-physician";

export async function countersignAction(id: string, values: { informedAt: string; method?: "drawn" | "typed" | "saved"; signature?: string | null; typedName?: string | null; password: string }): Promise<ActionResult<CountersignOutcome>> {
  const user = await requirePhysician();
  const origin = await panelOrigin(user);
  return toActionResult(() => countersignAsPhysician(user, String(id), values, origin));
}
