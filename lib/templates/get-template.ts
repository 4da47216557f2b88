// GET /v1/templates/{kod}: one template of the tenant, described by its latest published version.
import { db } from "@/lib/db";
import type { TemplateDetail } from "@/lib/contract/response-shapes";
import { AppError } from "@/lib/errors";
import { templateAudioRows } from "@/lib/db/read-aloud";
import { serializeTemplateDetail, templateDetailSelect, versionDetailSelect } from "@/lib/templates/serialize-template";

/** The template's detail; 404 not_found for an unknown code or another tenant's (no existence leak). */
export async function getTemplateOrThrow(tenantId: string, code: string): Promise<TemplateDetail> {
  const prisma = db();
  const template = await prisma.template.findUnique({
    where: { tenantId_code: { tenantId, code } },
    select: templateDetailSelect,
  });
  if (!template) throw new AppError("not_found", "Şablon bulunamadı.");
  const published =
    template.latestVersion > 0
      ? await prisma.templateVersion.findUnique({
          where: { templateId_version: { templateId: template.id, version: template.latestVersion }, tenantId },
          select: versionDetailSelect,
        })
      : null;
  return serializeTemplateDetail(template, published, await templateAudioRows(tenantId, template.id));
}
