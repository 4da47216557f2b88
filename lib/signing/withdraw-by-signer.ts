// POST /s/{token}/withdraw: the person withdraws the consent they signed (decisions §18), from the
// link, after a new code: a browser session verified before the signature is not enough.
import { autocommit } from "@/lib/db";
import { consentState } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { withdrawConsentSchema } from "@/lib/consents/consent-schemas";
import { recordWithdrawal } from "@/lib/consents/withdraw-consent";
import { closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasSessionSince, otpRequired } from "@/lib/signing/require-session";

export async function withdrawBySigner(token: string, session: string | null, body: unknown, origin: EventOrigin) {
  const c = await consentByTokenOrThrow(token);
  const { reason } = parseOrThrow(withdrawConsentSchema, body);
  const at = now();
  const consent = await consentState(c.tenantId, c.id);
  if (consent?.status !== "completed" || !consent.signedAt) throw closedError();
  if (!(await hasSessionSince(autocommit, c.id, session, consent.signedAt, at))) throw otpRequired();
  const withdrawnAt = await recordWithdrawal(c.tenantId, c.id, reason, origin);
  if (!withdrawnAt) throw closedError();
  return { status: "withdrawn" as const, withdrawn_at: formatDateTime(withdrawnAt, env().APP_TIMEZONE) };
}
