// What a consent is created from, read in ONE statement since every create runs it: the tenant's
// name, licence end and default validity, and the latest published version of the template `code`.
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

export interface CreationBasis {
  tenant: { name: string; licenseEnds: Date | null; defaultValidityHours: number };
  /** null when the code is unknown to the tenant, the template is inactive, or it was never published */
  published: PublishedTemplateVersion | null;
}

type Row = { tenantName: string; licenseEnds: string | null; defaultValidityHours: number; code: string | null } & {
  [K in keyof TemplateVersion]: TemplateVersion[K] | null;
};

/** not_found when the tenant does not exist. */
export async function loadCreationBasis(tenantId: string, code: string): Promise<CreationBasis> {
  // license_ends is a date: read as text, since drivers parse dates in the process's local zone.
  const [row] = await sqlRows<Row>(Prisma.sql`
    SELECT n.name AS "tenantName", n.license_ends::text AS "licenseEnds", n.default_validity_hours AS "defaultValidityHours",
           v.id, v.template_id AS "templateId", v.tenant_id AS "tenantId", v.version, v.title, v.category, v.type,
           v.body_type AS "bodyType", v.body, v.variables, v.wet_signature_required AS "wetSignatureRequired",
           v.content_hash AS "contentHash", v.translations, v.published_at AS "publishedAt", v.published_by AS "publishedBy", t.code
    FROM tenants n
    LEFT JOIN templates t ON t.tenant_id = n.id AND t.code = ${code} AND t.active AND t.latest_version >= 1
    LEFT JOIN template_versions v ON v.template_id = t.id AND v.version = t.latest_version AND v.tenant_id = t.tenant_id
    WHERE n.id = ${tenantId}`);
  if (!row) throw new AppError("not_found");
  const { tenantName, licenseEnds, defaultValidityHours, code: templateCode, ...version } = row;
  const tenant = { name: tenantName, licenseEnds: licenseEnds === null ? null : new Date(`${licenseEnds}T00:00:00Z`), defaultValidityHours };
  if (version.id === null || templateCode === null) return { tenant, published: null };
  const v = version as TemplateVersion;
  return { tenant, published: { template: { id: v.templateId, code: templateCode }, version: v, variables: parseStoredVariables(v.variables) } };
}
