// GET /v1/templates/{kod}: one template of the tenant, described by its latest published version.
import type { TemplateDetail } from "@/lib/contract/response-shapes";
import { AppError } from "@/lib/errors";
import { templateAudioRows } from "@/lib/db/read-aloud";
import { templateRow, templateVersionHistory, templateVersionRow } from "@/lib/db/templates";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { serializeTemplateDetail } from "@/lib/templates/serialize-template";

/** The template's detail; 404 not_found for an unknown code or another tenant's (no existence leak). */
export async function getTemplateOrThrow(tenantId: string, code: string): Promise<TemplateDetail> {
  const template = await templateRow(tenantId, code);
  if (!template) throw new AppError("not_found", "Şablon bulunamadı.");
  const published = template.latestVersion > 0 ? await templateVersionRow(tenantId, template.id, template.latestVersion) : null;
  const [audio, history] = await Promise.all([templateAudioRows(tenantId, template.id), templateVersionHistory(tenantId, template.id)]);
  // decisions §25: every published version's revision and publication date (SKS document control).
  const versions = history.map((v) => ({ version: v.version, revision: v.version, published_at: formatDateTime(v.publishedAt, env().APP_TIMEZONE) }));
  return { ...serializeTemplateDetail(template, published, audio), versions };
}
