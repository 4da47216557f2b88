// The expiry sweep: records `expired` (event suresi_doldu, webhook consent.expired) for sent consents
// past expires_at. Reads already report them expired; this makes it durable and notifies.
import { transaction } from "@/lib/db";
import { markExpired } from "@/lib/db/consents";
import { dueExpiries } from "@/lib/db/consent-sweeps";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";
import { schedulePurge } from "@/lib/consents/schedule-purge";

/** Expires up to `batch` due consents; returns how many this call expired. */
export async function expireDueConsents(batch = 200): Promise<number> {
  const at = now();
  const due = await dueExpiries(at, batch);
  let expired = 0;
  for (const c of due) {
    const done = await transaction(async (tx) => {
      // Conditional: several instances may sweep at once, and a signature may have just landed.
      const count = await markExpired(tx, c.tenantId, c.id, at, c.expiresAt);
      if (count === 0) return false;
      // It closed at expires_at (reads said `expired` from then on), however late the sweep runs.
      await schedulePurge(tx, c.tenantId, c.id, c.expiresAt);
      await appendEvent(tx, c.id, "suresi_doldu", SYSTEM_ORIGIN, at, {
        expires_at: formatDateTime(c.expiresAt, env().APP_TIMEZONE),
      });
      await enqueueWebhook(tx, c.tenantId, c.id, "consent.expired", at);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
