"use server";
// Server actions of the consent pages. Each checks the role, takes the tenant from the session user
// (never from the client) and calls one lib/ operation; errors come back as field errors, not 500s.
import { redirect } from "next/navigation";
import { requirePanelUser, panelOrigin } from "@/lib/panel/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/panel/action-result";
import { createConsent } from "@/lib/consents/create-consent";
import { cancelConsent } from "@/lib/consents/cancel-consent";
import { withdrawConsent } from "@/lib/consents/withdraw-consent";
import { resendConsent } from "@/lib/consents/resend-consent";
import { retryTimestamp } from "@/lib/timestamping/retry-timestamp";
import { recordRefusal } from "@/lib/consents/record-refusal";
import { consentListAddress } from "@/lib/panel/consent-list-params";

/** The list's filter form: the filters into the address as typed, the search for a person sealed. */
export async function findConsentsAction(form: FormData): Promise<never> {
  const user = await requirePanelUser("consents");
  redirect(consentListAddress(user, (k) => String(form.get(k) ?? "").trim().slice(0, 200)));
}

export async function createConsentAction(values: unknown): Promise<ActionResult<{ id: string }>> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => ({ id: (await createConsent(user.tenantId, values, origin)).id }));
}

export async function cancelConsentAction(id: string, reason: string): Promise<ActionResult> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => void (await cancelConsent(user.tenantId, String(id), { reason: String(reason ?? "") }, origin)));
}

export async function withdrawConsentAction(id: string, reason: string): Promise<ActionResult> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => void (await withdrawConsent(user.tenantId, String(id), { reason: String(reason ?? "") }, origin)));
}

/** decisions §19: the person refused, in person, to sign; staff put it on record with a witness. */
export async function recordRefusalAction(id: string, values: { reason: string; witness: string }): Promise<ActionResult<{ document: boolean }>> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => {
    const c = await recordRefusal(user.tenantId, String(id), { reason: String(values?.reason ?? ""), tanik_ad: String(values?.witness ?? "") }, origin);
    return { document: c.document !== null };
  });
}

export async function resendConsentAction(id: string): Promise<ActionResult> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => void (await resendConsent(user.tenantId, String(id), origin)));
}

export async function retryTimestampAction(id: string): Promise<ActionResult<{ ok: boolean; message: string }>> {
  const user = await requirePanelUser("consents");
  return toActionResult(async () => {
    const r = await retryTimestamp(user.tenantId, String(id));
    return { ok: r.ok, message: r.message };
  });
}
