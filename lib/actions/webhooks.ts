"use server";
// Server actions of the webhooks page (admin and owner): save the address and events, reveal or
// rotate the signing secret, send a test event, resend a delivery. Each calls one lib/ operation.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { AppError } from "@/lib/errors";
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { setWebhookEndpoint } from "@/lib/webhooks/set-webhook-endpoint";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import type { AttemptReport } from "@/lib/webhooks/attempt-delivery";

export interface AttemptSummary {
  deliveryId: string;
  status: string;
  statusCode: number | null;
  error: string | null;
}

const summary = (r: AttemptReport): AttemptSummary => ({
  deliveryId: String(r.deliveryId),
  status: r.status,
  statusCode: r.result.statusCode,
  error: r.result.error ?? (r.result.ok ? null : `HTTP ${r.result.statusCode}`),
});

/** Saves URL and events; the first save generates the signing secret, later saves keep it. */
export async function saveWebhookAction(url: string, events: string[]): Promise<ActionResult<{ secret: string | null }>> {
  const user = await requirePanelUser("webhooks");
  return toActionResult(async () => {
    const saved = await setWebhookEndpoint(
      { tenantId: user.tenantId, url: String(url ?? ""), events: Array.isArray(events) ? events.map(String) : [] },
      { rotate: false },
    );
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "webhook.save", detail: { events: saved.events } });
    return { secret: saved.signing_secret };
  });
}

export async function rotateSecretAction(): Promise<ActionResult<{ secret: string | null }>> {
  const user = await requirePanelUser("webhooks");
  return toActionResult(async () => {
    const current = await getWebhookEndpoint(user.tenantId);
    if (!current) throw new AppError("invalid_state", "Önce bir webhook adresi kaydedin.");
    const saved = await setWebhookEndpoint({ tenantId: user.tenantId, url: current.url, events: current.events }, { rotate: true });
    await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "webhook.rotate" });
    return { secret: saved.signing_secret };
  });
}

export async function revealSecretAction(): Promise<ActionResult<{ secret: string }>> {
  const user = await requirePanelUser("webhooks");
  return toActionResult(async () => {
    const e = await getWebhookEndpoint(user.tenantId, { revealSecret: true });
    if (!e?.signingSecret) throw new AppError("invalid_state", "Önce bir webhook adresi kaydedin.");
    return { secret: e.signingSecret };
  });
}

export async function sendTestEventAction(): Promise<ActionResult<AttemptSummary>> {
  const user = await requirePanelUser("webhooks");
  return toActionResult(async () => summary(await sendTestEvent(user.tenantId)));
}

export async function resendDeliveryAction(id: string): Promise<ActionResult<AttemptSummary>> {
  const user = await requirePanelUser("webhooks");
  return toActionResult(async () => {
    if (!/^\d{1,18}$/.test(String(id))) throw new AppError("not_found", "Teslimat bulunamadı.");
    // With the tenant: another tenant's delivery id is refused as if it did not exist.
    return summary(await resendDelivery(user.tenantId, BigInt(id)));
  });
}
