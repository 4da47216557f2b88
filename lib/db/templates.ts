// Templates: what a consent is created from, read in one statement since every create runs it.
import { Prisma, type TemplateVersion } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";

export type CreationBasisRow = { tenantName: string; licenseEnds: string | null; defaultValidityHours: number; code: string | null } & {
  [K in keyof TemplateVersion]: TemplateVersion[K] | null;
};

const versionColumns = columnsAs("TemplateVersion", Object.keys(Prisma.TemplateVersionScalarFieldEnum), "v");

/** The tenant's name, licence end and default validity, and the latest published, active version of `code`. */
export async function creationBasisRow(tenantId: string, code: string): Promise<CreationBasisRow | undefined> {
  // license_ends is a date: read as text, since drivers parse dates in the process's local zone.
  const [row] = await sqlRows<CreationBasisRow>(Prisma.sql`
    SELECT n.name AS "tenantName", n.license_ends::text AS "licenseEnds", n.default_validity_hours AS "defaultValidityHours",
           ${versionColumns}, t.code
    FROM tenants n
    LEFT JOIN templates t ON t.tenant_id = n.id AND t.code = ${code} AND t.active AND t.latest_version >= 1
    LEFT JOIN template_versions v ON v.template_id = t.id AND v.version = t.latest_version AND v.tenant_id = t.tenant_id
    WHERE n.id = ${tenantId}`);
  return row;
}
