// The institution lifts a completed consent's link lock (issue #49, scope 2: "the clinic can reset
// it"). A stranger holding the link can lock it for a while by guessing at codes (link-lock.ts); a
// resend, which opens an open consent's link, is refused on a signed one (409, decisions §2), so the
// panel's "Kilidi kaldır" (owner, admin) does it instead: `link_kilidi_kaldirildi`, a turn from which
// the link's codes and wrong entries count afresh (lib/db/signing.ts), the person asks for a new code
// at once. Written to the evidence chain and the panel's action log in one transaction.
import { autocommit, transaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { lockActionableConsent } from "@/lib/consents/lock-open-consent";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { linkLimits } from "@/lib/signing/link-lock";

export async function unlockConsentLink(tenantId: string, actorId: string, consentId: string, origin: EventOrigin): Promise<void> {
  const at = now();
  const outcome = await transaction(async (tx) => {
    const state = await lockActionableConsent(tx, tenantId, consentId, at);
    if (state === null) return "not_found" as const;
    if (state !== "withdrawable") return "open" as const;
    if (!(await linkLimits(tx, consentId, at, { completed: true })).locked) return "not_locked" as const;
    await appendEvent(tx, consentId, "link_kilidi_kaldirildi", origin, at, {});
    await recordPanelAction({ tenantId, actorId, action: "consent.link_unlock", target: consentId }, tx);
    return "unlocked" as const;
  });
  if (outcome === "not_found") throw new AppError("not_found", "Onam bulunamadı ya da bağlantısı artık kullanılmıyor.");
  if (outcome === "open") throw new AppError("invalid_state", "Açık bir onamın bağlantısı yeniden gönderilerek açılır.", undefined, { reason: "not_completed" });
  if (outcome === "not_locked") throw new AppError("invalid_state", "Bu onamın bağlantısı kilitli değil.", undefined, { reason: "not_locked" });
}

/** For the consent's page: is its completed consent's link locked now? */
export async function isCompletedLinkLocked(consentId: string): Promise<boolean> {
  return (await linkLimits(autocommit, consentId, now(), { completed: true })).locked;
}
