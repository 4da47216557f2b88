// The panel's reads of consents beyond the API's (lib/db/consents.ts): the list with each version's
// title, a consent's title, and the encrypted texts the physician/procedure filter matches in memory.
// Every statement is scoped to the tenant, the joins on both sides.
import { Prisma } from "@prisma/client";
import { sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";
import { consentCount, consentSelect, consentWhere, type ConsentFilter, type ConsentRow } from "@/lib/db/consents";

/** A consent row with the title of the template version it was made from (the panel's headings). */
const titledColumns = columnsAs("Consent", Object.keys(consentSelect), "c");
export type TitledConsentRow = ConsentRow & { templateTitle: string | null };

/**
 * consentPage for the panel: each row with its version's title, joined in the same statement. The
 * join keeps to the tenant on both sides, so a version id can never bring another tenant's title.
 */
export async function titledConsentPage(tenantId: string, f: ConsentFilter, limit: number, offset: number): Promise<{ rows: TitledConsentRow[]; total: number }> {
  const { where, filtered } = consentWhere(tenantId, f);
  const [rows, total] = await Promise.all([
    sqlRows<TitledConsentRow>(Prisma.sql`
      SELECT ${titledColumns}, tv.title AS "templateTitle"
      FROM (SELECT * FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) c
      LEFT JOIN template_versions tv ON tv.id = c.template_version_id AND tv.tenant_id = ${tenantId}
      ORDER BY c.created_at DESC, c.id DESC`),
    consentCount(tenantId, where, filtered),
  ]);
  return { rows, total };
}

/**
 * The ids, physician and procedure (encrypted at rest) of the tenant's filtered consents, newest
 * first, at most `limit`: what the panel's physician/procedure filter reads (it matches in memory).
 */
export function consentTexts(tenantId: string, f: ConsentFilter, limit: number): Promise<{ id: string; physician: string | null; procedure: string | null }[]> {
  const { where } = consentWhere(tenantId, f);
  return sqlRows(Prisma.sql`SELECT id, physician, procedure FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
}

/** The title of the template version the tenant's consent was made from; undefined when there is no such consent. */
export async function consentTemplateTitle(tenantId: string, id: string): Promise<string | null | undefined> {
  const [row] = await sqlRows<{ title: string | null }>(Prisma.sql`
    SELECT tv.title FROM consents c
    LEFT JOIN template_versions tv ON tv.id = c.template_version_id AND tv.tenant_id = c.tenant_id
    WHERE c.id = ${id} AND c.tenant_id = ${tenantId}`);
  return row ? row.title : undefined;
}
