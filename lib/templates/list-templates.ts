// GET /v1/templates: every template of the tenant, by code, in two queries (templates, then their
// latest published versions) whatever the number of templates.
import { db } from "@/lib/db";
import type { TemplateListItem } from "@/lib/contract/response-shapes";
import { serializeTemplateListItem, templateListSelect, versionListSelect } from "@/lib/templates/serialize-template";

export async function listTemplates(tenantId: string): Promise<{ data: TemplateListItem[]; count: number }> {
  const prisma = db();
  const templates = await prisma.template.findMany({ where: { tenantId }, select: templateListSelect });
  // Sorted here rather than by the database: PGlite and a PostgreSQL server may use different
  // collations, which order `-` and `_` differently; code point order is the same everywhere.
  templates.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const published = templates.filter((t) => t.latestVersion > 0);
  const versions = published.length
    ? await prisma.templateVersion.findMany({
        where: { tenantId, OR: published.map((t) => ({ templateId: t.id, version: t.latestVersion })) },
        select: versionListSelect,
      })
    : [];
  const byTemplate = new Map(versions.map((v) => [v.templateId, v]));

  const data = templates.map((t) => serializeTemplateListItem(t, byTemplate.get(t.id) ?? null));
  return { data, count: data.length };
}
