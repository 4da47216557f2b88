// decisions §22: when a re-consent completes, the consent it renews becomes `superseded` (Yenilendi),
// with its evidence record naming the new consent and consent.superseded. Runs inside the announcement's
// transaction (announce-completion.ts), which happens once per consent; the transition is conditional
// as well, so no path can supersede twice.
import type { Tx } from "@/lib/db";
import { markSuperseded } from "@/lib/db/reconsent";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { enqueueWebhook } from "@/lib/webhook-outbox/enqueue-webhook";

/** True when the completed consent `consentId` superseded the one it renews. */
export async function supersedePrevious(tx: Tx, consentId: string, at: Date): Promise<boolean> {
  const old = await markSuperseded(tx, consentId);
  if (!old) return false;
  await appendEvent(tx, old.id, "yenilendi", SYSTEM_ORIGIN, at, { replaced_by: consentId, template_version: old.version });
  await enqueueWebhook(tx, old.tenantId, old.id, "consent.superseded", at);
  return true;
}
