// The published versions of a template, newest first, each with its content hash (immutable rows).
import { templateSummary, templateVersionHistory } from "@/lib/db/templates";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";

interface TemplateVersionItem {
  version: number;
  title: string;
  contentHash: string;
  publishedAt: string;
  publishedBy: string | null;
}

export async function listTemplateVersions(tenantId: string, code: string): Promise<TemplateVersionItem[]> {
  const t = await templateSummary(tenantId, code);
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  const rows = await templateVersionHistory(tenantId, t.id);
  return rows.map((r) => ({ ...r, publishedAt: formatDateTime(r.publishedAt, env().APP_TIMEZONE) }));
}
