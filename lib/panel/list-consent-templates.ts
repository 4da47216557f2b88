// The templates a new consent may use (active and published) with the variable contracts of the
// version a consent would freeze, for the panel's create form. Two queries whatever the count.
import { db } from "@/lib/db";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";

export interface ConsentTemplateOption {
  code: string;
  title: string;
  version: number;
  variables: TemplateVariable[];
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
    select: { templateId: true, version: true, title: true, variables: true },
  });
  const byId = new Map(versions.map((v) => [v.templateId, v]));
  return templates
    .flatMap((t) => {
      const v = byId.get(t.id);
      return v ? [{ code: t.code, title: v.title, version: v.version, variables: parseStoredVariables(v.variables) }] : [];
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
