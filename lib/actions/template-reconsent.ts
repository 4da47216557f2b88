"use server";
// The re-consent page's one action (decisions §22): send every awaiting re-consent within the quota.
// The tenant comes from the session user; the outcome goes back in the address, for the page to say.
import { redirect } from "next/navigation";
import { requirePanelUser, panelOrigin } from "@/lib/users/require-panel-user";
import { dispatchingJobs } from "@/lib/jobs/dispatching-jobs";
import { sendReconsents } from "@/lib/consents/send-reconsents";
import { AppError } from "@/lib/errors";

export async function sendReconsentsAction(code: string): Promise<never> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  const base = `/panel/templates/${encodeURIComponent(String(code))}/reconsent`;
  let params: URLSearchParams;
  try {
    const r = await dispatchingJobs(() => sendReconsents(user.tenantId, String(code), origin));
    params = new URLSearchParams({ sent: String(r.sent), quota: String(r.leftForQuota), failed: String(r.failed), later: String(r.leftForLater) });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    params = new URLSearchParams({ error: err.message });
  }
  redirect(`${base}?${params.toString()}`);
}
