// POST /s/{token}/decline: the person does not approve (optional reason). Like signing, it needs a
// verified code and is a conditional change of an open consent.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { markDeclined } from "@/lib/db/consents";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { schedulePurge } from "@/lib/consents/schedule-purge";
import { encryptField } from "@/lib/consents/encrypted-fields";
import { assertOpen, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { otpRequired, lockAsSigner } from "@/lib/signing/require-session";

const declineSchema = z.object({
  reason: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .refine((v) => v === null || v.length <= 1000, "en fazla 1000 karakter"),
});

export async function declineConsent(token: string, session: string | null, body: unknown, origin: EventOrigin) {
  const c = await consentByTokenOrThrow(token);
  const at = now();
  assertOpen(c, at);
  const { reason } = parseOrThrow(declineSchema, body);
  const outcome = await transaction(async (tx) => {
    const { refused } = await lockAsSigner(tx, c, session, at);
    if (refused) return refused;
    const count = await markDeclined(tx, c.id, at, { rejectReason: encryptField(reason), signerIp: origin.ip, signerUserAgent: origin.userAgent });
    if (count === 0) return "closed" as const;
    await schedulePurge(tx, c.tenantId, c.id, at);
    await appendEvent(tx, c.id, "reddedildi", origin, at, reason ? { reason } : {});
    await enqueueWebhook(tx, c.tenantId, c.id, "consent.rejected", at);
    return "rejected" as const;
  });
  if (outcome === "otp_required") throw otpRequired();
  if (outcome === "closed") throw closedError();
  return { status: "rejected" as const, rejected_at: formatDateTime(at, env().APP_TIMEZONE) };
}
