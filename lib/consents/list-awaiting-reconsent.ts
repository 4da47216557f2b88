// The panel's page per template (decisions §22): its completed consents awaiting re-consent after a
// material change, newest first, a page at a time, with the tenant's SMS quota as it stands (issue #51:
// the page says what sending the chosen rows will cost before it sends).
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { awaitingReconsentPage } from "@/lib/db/reconsent";
import { templateSummary } from "@/lib/db/templates";
import { tenantById } from "@/lib/db/tenants";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { serializeConsent } from "@/lib/consents/serialize-consent";

interface AwaitingReconsent {
  template: { id: string; code: string; title: string; version: number };
  data: ConsentObject[];
  /** every consent awaiting re-consent, not the page size */
  count: number;
  /** SMS units left (decisions §11: one per re-consent SMS) */
  quota: { remaining: number; unlimited: boolean };
}

/** not_found for a template code the tenant does not have. */
export async function getReconsentTemplateOrThrow(tenantId: string, code: string): Promise<AwaitingReconsent["template"]> {
  const t = await templateSummary(tenantId, code);
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  return { id: t.id, code: t.code, title: t.title, version: t.latestVersion };
}

export async function listAwaitingReconsent(tenantId: string, code: string, limit: number, offset: number): Promise<AwaitingReconsent> {
  const template = await getReconsentTemplateOrThrow(tenantId, code);
  const [{ rows, total }, tenant] = await Promise.all([awaitingReconsentPage(tenantId, template.id, limit, offset), tenantById(tenantId)]);
  const at = now();
  return {
    template,
    data: rows.map((r) => serializeConsent(r, at)),
    count: total,
    quota: { remaining: tenant?.quotaRemaining ?? 0, unlimited: tenant?.quotaUnlimited ?? false },
  };
}
