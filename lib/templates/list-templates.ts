// GET /v1/templates: every template of the tenant, by code, in two queries (templates, then their
// latest published versions) whatever the number of templates.
import { templateListRows } from "@/lib/db/templates";
import type { TemplateListItem } from "@/lib/contract/response-shapes";
import { serializeTemplateListItem } from "@/lib/templates/serialize-template";

export async function listTemplates(tenantId: string): Promise<{ data: TemplateListItem[]; count: number }> {
  const { templates, versions } = await templateListRows(tenantId);
  // Sorted here rather than by the database: PGlite and a PostgreSQL server may use different
  // collations, which order `-` and `_` differently; code point order is the same everywhere.
  templates.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const byTemplate = new Map(versions.map((v) => [v.templateId, v]));

  const data = templates.map((t) => serializeTemplateListItem(t, byTemplate.get(t.id) ?? null));
  return { data, count: data.length };
}
