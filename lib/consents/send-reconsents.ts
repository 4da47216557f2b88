// The panel's one action per template (decisions §22): a re-consent, with its signing-link SMS, for
// every consent awaiting one that has none yet, oldest first, through the same operation as the API
// (POST /v1/consents/{id}/reconsent). It stops when the quota runs out (each SMS costs a unit, as a
// create does) and sends at most MAX_PER_ACTION in one go, which keeps the SMS provider's rate and
// the request's length in bounds; the rest goes with the next action.
import { awaitingWithoutReplacement } from "@/lib/db/reconsent";
import { AppError } from "@/lib/errors";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { logger } from "@/lib/log";
import { getReconsentTemplateOrThrow } from "@/lib/consents/list-awaiting-reconsent";
import { reconsentConsent } from "@/lib/consents/reconsent-consent";

export const MAX_PER_ACTION = 100;

interface ReconsentSendReport {
  sent: number;
  /** left unsent because the quota ran out */
  leftForQuota: number;
  /** refused one by one (a variable the new version requires, the licence, …) */
  failed: number;
  /** left for the next action (over MAX_PER_ACTION) */
  leftForLater: number;
}

export async function sendReconsents(tenantId: string, code: string, origin: EventOrigin, max = MAX_PER_ACTION): Promise<ReconsentSendReport> {
  const template = await getReconsentTemplateOrThrow(tenantId, code);
  const report: ReconsentSendReport = { sent: 0, leftForQuota: 0, failed: 0, leftForLater: 0 };
  let after: string | undefined;
  for (;;) {
    const ids = await awaitingWithoutReplacement(tenantId, template.id, 100, after);
    if (ids.length === 0) break;
    after = ids.at(-1);
    for (const id of ids) {
      if (report.leftForQuota > 0) report.leftForQuota++;
      else if (report.sent + report.failed >= max) report.leftForLater++;
      else {
        try {
          await reconsentConsent(tenantId, id, { sms_gonder: true }, origin);
          report.sent++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (err.code === "quota_exhausted") report.leftForQuota++;
          else if (err.code === "license_expired" || err.code === "template_unavailable") throw err;
          else {
            report.failed++;
            logger().warn({ consentId: id, code: err.code }, "re-consent not sent");
          }
        }
      }
    }
  }
  return report;
}
