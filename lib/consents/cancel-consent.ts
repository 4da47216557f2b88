// POST /v1/consents/{id}/cancel: the institution withdraws an open consent.
import { encryptField } from "@/lib/consents/encrypted-fields";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { transaction, type Tx } from "@/lib/db";
import { markCancelled } from "@/lib/db/consents";
import { consentState } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { cancelConsentSchema } from "@/lib/consents/consent-schemas";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { schedulePurge } from "@/lib/consents/schedule-purge";
import { STATUS_TEXT, effectiveStatus } from "@/lib/consents/consent-status";

/** The 409 for an action the consent's status does not allow, saying what the status is. */
export async function notOpen(tenantId: string, id: string, action: string, rule?: string): Promise<AppError> {
  const row = await consentState(tenantId, id);
  if (!row) return new AppError("not_found", "Onam bulunamadı.");
  const status = effectiveStatus(row.status, row.expiresAt, now());
  return new AppError("invalid_state", `Onam '${STATUS_TEXT[status]}' (${status}) durumunda; ${action} yapılamaz${rule ? ` (${rule})` : ""}.`);
}

/** Cancels an open consent inside `tx`; false when it is no longer open (a concurrent signature or expiry wins cleanly). */
export async function cancelIn(tx: Tx, tenantId: string, id: string, at: Date, reason: string | undefined, origin: EventOrigin): Promise<boolean> {
  const count = await markCancelled(tx, tenantId, id, at, encryptField(reason));
  if (count === 0) return false;
  await schedulePurge(tx, tenantId, id, at);
  await appendEvent(tx, id, "iptal_edildi", origin, at, reason ? { reason } : {});
  await enqueueWebhook(tx, tenantId, id, "consent.cancelled", at);
  return true;
}

export async function cancelConsent(tenantId: string, id: string, request: unknown, origin: EventOrigin): Promise<ConsentObject> {
  const { reason } = parseOrThrow(cancelConsentSchema, request);
  const at = now();
  const done = await transaction((tx) => cancelIn(tx, tenantId, id, at, reason, origin));
  if (!done) throw await notOpen(tenantId, id, "iptal");
  return getConsentOrThrow(tenantId, id);
}
