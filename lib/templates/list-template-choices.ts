// The tenant's templates (code and working title) for the consent list's template filter, bounded.
import { templateChoices } from "@/lib/db/template-panel-reads";

const MAX = 500;

export function listTemplateChoices(tenantId: string): Promise<{ code: string; title: string }[]> {
  return templateChoices(tenantId, MAX);
}
