// The panel's re-consent for the rows a user chose (decisions §22, issue #51): a re-consent, with its
// signing-link SMS, for each chosen consent still awaiting one, through the same operation as the API
// (POST /v1/consents/{id}/reconsent), and an answer per row. The page shows the count and its quota
// cost before anything is sent (each SMS costs one unit, as a create does: lib/quota/charge-sms-unit.ts).
// A chosen consent that is not the template's, not awaiting re-consent or already renewed (a second
// click, another user) is skipped; once the quota runs out the rest are left and said so, never sent.
// At most MAX_PER_ACTION rows in one go keeps the SMS provider's rate and the request's length in bounds.
import { z } from "zod";
import { awaitingAmong } from "@/lib/db/reconsent";
import { AppError, parseOrThrow } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { logger } from "@/lib/log";
import { getReconsentTemplateOrThrow } from "@/lib/consents/list-awaiting-reconsent";
import { reconsentConsent } from "@/lib/consents/reconsent-consent";

export const MAX_PER_ACTION = 100;

const schema = z.object({
  ids: z
    .array(z.string().regex(/^ons_[A-Za-z0-9_]{1,80}$/, { error: "geçerli bir onam numarası olmalı" }), { error: "onam numaralarının listesi olmalı" })
    .min(1, { error: "en az bir onam seçilmeli" })
    .max(MAX_PER_ACTION, { error: `bir seferde en fazla ${MAX_PER_ACTION} onam seçilebilir` }),
});

/** One chosen row's outcome: sent (with the new consent), left for the quota, skipped, or refused with a reason. */
export type ReconsentRowResult =
  | { id: string; outcome: "sent"; replacedBy: string }
  | { id: string; outcome: "quota" }
  | { id: string; outcome: "skipped" }
  | { id: string; outcome: "failed"; message: string };

export interface ReconsentSendReport {
  sent: number;
  /** left unsent because the quota ran out */
  leftForQuota: number;
  /** not the template's, not awaiting, or already renewed */
  skipped: number;
  /** refused one by one (a variable the new version requires, the licence, …) */
  failed: number;
  results: ReconsentRowResult[];
}

/** Errors that no other row would escape: the rows after one are refused alike, without trying. */
const FOR_ALL = new Set(["license_expired", "template_unavailable"]);

export async function sendReconsents(tenantId: string, code: string, input: { ids?: unknown }, origin: EventOrigin): Promise<ReconsentSendReport> {
  const { ids } = parseOrThrow(schema, { ids: input.ids });
  const chosen = [...new Set(ids)];
  const template = await getReconsentTemplateOrThrow(tenantId, code);
  const awaiting = new Set(await awaitingAmong(tenantId, template.id, chosen));
  const results: ReconsentRowResult[] = [];
  let quotaOut = false;
  let stopped: AppError | null = null;
  for (const id of chosen) {
    if (!awaiting.has(id)) results.push({ id, outcome: "skipped" });
    else if (quotaOut) results.push({ id, outcome: "quota" });
    else if (stopped) results.push({ id, outcome: "failed", message: stopped.message });
    else {
      try {
        const renewed = await reconsentConsent(tenantId, id, { sms_gonder: true }, origin);
        results.push({ id, outcome: "sent", replacedBy: renewed.id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === "quota_exhausted") {
          quotaOut = true;
          results.push({ id, outcome: "quota" });
          continue;
        }
        if (err.code === "invalid_state") {
          // Renewed meanwhile (another user, a second tab): nothing left to do for it.
          results.push({ id, outcome: "skipped" });
          continue;
        }
        if (FOR_ALL.has(err.code)) stopped = err;
        results.push({ id, outcome: "failed", message: err.message });
        logger().warn({ consentId: id, code: err.code }, "re-consent not sent");
      }
    }
  }
  const count = (o: ReconsentRowResult["outcome"]) => results.filter((r) => r.outcome === o).length;
  return { sent: count("sent"), leftForQuota: count("quota"), skipped: count("skipped"), failed: count("failed"), results };
}
