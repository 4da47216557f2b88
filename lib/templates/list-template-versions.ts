// The published versions of a template, newest first, each with its content hash (immutable rows).
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";

export interface TemplateVersionItem {
  version: number;
  title: string;
  contentHash: string;
  publishedAt: string;
  publishedBy: string | null;
}

export async function listTemplateVersions(tenantId: string, code: string): Promise<TemplateVersionItem[]> {
  const t = await db().template.findUnique({ where: { tenantId_code: { tenantId, code } }, select: { id: true } });
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  const rows = await db().templateVersion.findMany({
    where: { tenantId, templateId: t.id },
    select: { version: true, title: true, contentHash: true, publishedAt: true, publishedBy: true },
    orderBy: { version: "desc" },
  });
  return rows.map((r) => ({ ...r, publishedAt: formatDateTime(r.publishedAt, env().APP_TIMEZONE) }));
}
