// The panel's reads of templates: the latest published versions a new consent may use, and the
// template list the consent list filters by. Both keep to the tenant.
import { db } from "@/lib/db";

/** The tenant's active templates with a published version, and that version's contract and texts. */
export async function publishedTemplateVersions(tenantId: string) {
  const templates = await db().template.findMany({
    where: { tenantId, active: true, latestVersion: { gt: 0 } },
    select: { id: true, code: true, latestVersion: true },
  });
  if (!templates.length) return [];
  const versions = await db().templateVersion.findMany({
    where: { tenantId, OR: templates.map((t) => ({ templateId: t.id, version: t.latestVersion })) },
    select: { templateId: true, version: true, title: true, variables: true, contentHash: true, translations: true, physicianCountersign: true },
  });
  const byId = new Map(versions.map((v) => [v.templateId, v]));
  return templates.flatMap((t) => {
    const v = byId.get(t.id);
    return v ? [{ code: t.code, ...v }] : [];
  });
}

/** The tenant's templates (code and working title) by code, at most `limit`. */
export function templateChoices(tenantId: string, limit: number): Promise<{ code: string; title: string }[]> {
  return db().template.findMany({ where: { tenantId }, select: { code: true, title: true }, orderBy: { code: "asc" }, take: limit });
}
