// The templates a new consent may use (active and published) with the variable contracts of the
// version a consent would freeze, for the panel's create form. Two queries whatever the count.
import { db } from "@/lib/db";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { describeLanguages } from "@/lib/templates/translations";
import type { Language } from "@/lib/i18n/languages";

export interface ConsentTemplateOption {
  code: string;
  title: string;
  version: number;
  variables: TemplateVariable[];
  /** decisions §17: the languages the version's text exists in, tr first */
  languages: Language[];
}

export async function listConsentTemplates(tenantId: string): Promise<ConsentTemplateOption[]> {
  const prisma = db();
  const templates = await prisma.template.findMany({
    where: { tenantId, active: true, latestVersion: { gt: 0 } },
    select: { id: true, code: true, latestVersion: true },
  });
  if (!templates.length) return [];
  const versions = await prisma.templateVersion.findMany({
    where: { tenantId, OR: templates.map((t) => ({ templateId: t.id, version: t.latestVersion })) },
    select: { templateId: true, version: true, title: true, variables: true, contentHash: true, translations: true },
  });
  const byId = new Map(versions.map((v) => [v.templateId, v]));
  return templates
    .flatMap((t) => {
      const v = byId.get(t.id);
      return v
        ? [{ code: t.code, title: v.title, version: v.version, variables: parseStoredVariables(v.variables), languages: describeLanguages(v.contentHash, v.translations).languages }]
        : [];
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
