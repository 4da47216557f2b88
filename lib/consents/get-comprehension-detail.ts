// decisions §22: how the person answered each teach-back question of a consent, for the panel (the
// consent's page and the physician's countersign page, §19). Scoped to the tenant.
import { comprehensionRow } from "@/lib/db/consent-reads";
import { isLanguage } from "@/lib/i18n/languages";
import { questionsIn } from "@/lib/templates/questions";
import { describeComprehension, type ComprehensionDetail } from "@/lib/consents/comprehension";

export async function getComprehensionDetail(tenantId: string, id: string): Promise<ComprehensionDetail | null> {
  const c = await comprehensionRow(tenantId, id);
  if (!c || c.comprehension === null) return null;
  return describeComprehension(c.comprehension, questionsIn(isLanguage(c.language) ? c.language : "tr", c.questions));
}
