// The tenant's templates (code and working title) for the consent list's template filter, bounded.
import { db } from "@/lib/db";

const MAX = 500;

export function listTemplateChoices(tenantId: string): Promise<{ code: string; title: string }[]> {
  return db().template.findMany({ where: { tenantId }, select: { code: true, title: true }, orderBy: { code: "asc" }, take: MAX });
}
