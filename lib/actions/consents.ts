"use server";
// Server actions of the consent pages. Each checks the role, takes the tenant from the session user
// (never from the client) and calls one lib/ operation; errors come back as field errors, not 500s.
import { redirect } from "next/navigation";
import { requirePanelUser, panelOrigin } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { createConsent } from "@/lib/consents/create-consent";
import { cancelConsent } from "@/lib/consents/cancel-consent";
import { withdrawConsent } from "@/lib/consents/withdraw-consent";
import { resendConsent } from "@/lib/consents/resend-consent";
import { retryTimestamp } from "@/lib/completion/retry-timestamp";
import { recordRefusal } from "@/lib/consents/record-refusal";
import { consentListAddress } from "@/lib/consents/consent-list-params";
import { unlockConsentLink } from "@/lib/signing/unlock-link";

/** The list's filter form: the filters into the address as typed, the search for a person encrypted (the search token). */
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
export async function recordRefusalAction(
  id: string,
  values: { reason: string; witness: string; physician?: string; witnessSignature?: string },
): Promise<ActionResult<{ document: boolean }>> {
  const user = await requirePanelUser("consents");
  const origin = await panelOrigin(user);
  return toActionResult(async () => {
    // decisions §25: in the panel the signed-in user drew the record up.
    const c = await recordRefusal(
      user.tenantId,
      String(id),
      {
        reason: String(values?.reason ?? ""),
        tanik_ad: String(values?.witness ?? ""),
        kaydeden: user.name || user.email,
        ...(values?.physician ? { hekim_ad: String(values.physician) } : {}),
        ...(values?.witnessSignature ? { tanik_imza: String(values.witnessSignature) } : {}),
      },
      origin,
    );
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

/** Issue #49: lifts a completed consent's link lock (owner, admin): the person asks for a new code at once. */
export async function unlockLinkAction(id: string): Promise<ActionResult> {
  const user = await requirePanelUser("unlockLink");
  const origin = await panelOrigin(user);
  return toActionResult(async () => void (await unlockConsentLink(user.tenantId, user.id, String(id), origin)));
}
