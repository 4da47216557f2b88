"use server";
// The re-consent page's one action (decisions §22, issue #51): send re-consent for the rows the user
// chose and confirmed (the page showed their count and quota cost first), with an answer per row.
// The tenant comes from the session user.
import { requirePanelUser, panelOrigin } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { sendReconsents, type ReconsentSendReport } from "@/lib/consents/send-reconsents";

export async function sendReconsentsAction(code: string, ids: string[]): Promise<ActionResult<ReconsentSendReport>> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(() => sendReconsents(user.tenantId, String(code), { ids }, origin));
}
