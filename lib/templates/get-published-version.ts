// The version a new consent is created from: the latest published one of an active template.
import { Prisma, type TemplateVersion } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { AppError } from "@/lib/api/errors";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";

export interface PublishedTemplateVersion {
  template: { id: string; code: string };
  /** the immutable version row (body, contentHash, version, ...) */
  version: TemplateVersion;
  /** version.variables in the served shape */
  variables: TemplateVariable[];
}

/**
 * The latest published version of the tenant's template `code`; 422 template_unavailable when the
 * code is unknown to the tenant, the template is inactive, or it was never published (decisions §2).
 * One query straight to the driver: every consent create runs it.
 */
export async function getPublishedVersionOrThrow(tenantId: string, code: string): Promise<PublishedTemplateVersion> {
  const [version] = await sqlRows<TemplateVersion & { code: string }>(Prisma.sql`
    SELECT v.id, v.template_id AS "templateId", v.tenant_id AS "tenantId", v.version, v.title, v.category, v.type,
           v.body_type AS "bodyType", v.body, v.variables, v.wet_signature_required AS "wetSignatureRequired",
           v.content_hash AS "contentHash", v.published_at AS "publishedAt", v.published_by AS "publishedBy", t.code
    FROM templates t JOIN template_versions v ON v.template_id = t.id AND v.version = t.latest_version AND v.tenant_id = t.tenant_id
    WHERE t.tenant_id = ${tenantId} AND t.code = ${code} AND t.active AND t.latest_version >= 1`);
  if (!version) throw new AppError("template_unavailable", `'${code}' şablonu bulunamadı, pasif ya da hiç yayımlanmamış.`);
  const { code: templateCode, ...row } = version;
  return {
    template: { id: row.templateId, code: templateCode },
    version: row,
    variables: parseStoredVariables(row.variables),
  };
}
