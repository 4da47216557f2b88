// The version a new consent is created from: the latest published one of an active template.
import type { TemplateVersion } from "@prisma/client";
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/api/errors";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";

export interface PublishedTemplateVersion {
  template: { id: string; code: string; active: boolean };
  /** the immutable version row (body, contentHash, version, ...) */
  version: TemplateVersion;
  /** version.variables in the served shape */
  variables: TemplateVariable[];
}

/**
 * The latest published version of the tenant's template `code`; 422 template_unavailable when the
 * code is unknown to the tenant, the template is inactive, or it was never published (decisions §2).
 * Takes an optional transaction client so consent creation can read it inside its own transaction.
 */
export async function getPublishedVersionOrThrow(
  tenantId: string,
  code: string,
  client: Tx = db(),
): Promise<PublishedTemplateVersion> {
  const unavailable = () =>
    new AppError("template_unavailable", `'${code}' şablonu bulunamadı, pasif ya da hiç yayımlanmamış.`);
  const template = await client.template.findUnique({
    where: { tenantId_code: { tenantId, code } },
    select: { id: true, code: true, active: true, latestVersion: true },
  });
  if (!template || !template.active || template.latestVersion < 1) throw unavailable();
  const version = await client.templateVersion.findUnique({
    where: { templateId_version: { templateId: template.id, version: template.latestVersion }, tenantId },
  });
  if (!version) throw unavailable();
  return {
    template: { id: template.id, code: template.code, active: template.active },
    version,
    variables: parseStoredVariables(version.variables),
  };
}
