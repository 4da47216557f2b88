// The panel's reads of consents beyond the API's (lib/db/consents.ts): the list with each version's
// title, a consent's title, the encrypted texts the physician/procedure filter matches in memory, the
// physician's queue and countersign view, and the dashboard's figures. Every statement is scoped to the tenant, the joins on both sides.
import { Prisma } from "@prisma/client";
import { db, sqlRows } from "@/lib/db";
import { columnsAs } from "@/lib/db/columns";
import { consentCount, consentSelect, consentWhere, type ConsentFilter, type ConsentRow } from "@/lib/db/consents";

/** A consent row with the title of the template version it was made from (the panel's headings). */
const titledColumns = columnsAs("Consent", Object.keys(consentSelect), "c");
type TitledConsentRow = ConsentRow & { templateTitle: string | null };

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

/**
 * How many of the tenant's consents await a physician's countersignature (decisions §19): on every
 * panel page a physician opens, so it reads only the partial index consents_awaiting_physician_idx.
 */
export function countSignedConsents(tenantId: string): Promise<number> {
  return db().consent.count({ where: { tenantId, status: "signed" } });
}

/** The physician's queue: the tenant's oldest `limit` signed consents awaiting a countersignature. */
export function countersignQueueRows(tenantId: string, limit: number) {
  return db().consent.findMany({
    where: { tenantId, status: "signed" },
    orderBy: [{ signedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      patientName: true,
      approverType: true,
      approverName: true,
      physician: true,
      procedure: true,
      signedAt: true,
      templateCode: true,
      templateVersion: true,
      templateVer: { select: { title: true } },
    },
  });
}

/** What the physician reads before countersigning, with the version's texts; null when not the tenant's. */
export function countersignViewRow(tenantId: string, id: string) {
  return db().consent.findFirst({
    where: { id, tenantId },
    select: {
      id: true,
      status: true,
      expiresAt: true,
      templateCode: true,
      templateVersion: true,
      language: true,
      renderedHtml: true,
      contentSha256: true,
      patientName: true,
      approverType: true,
      approverName: true,
      approverRelation: true,
      animalName: true,
      animalSpecies: true,
      physician: true,
      procedure: true,
      createdAt: true,
      signedAt: true,
      signatureImage: true,
      typedSignature: true,
      interpreterName: true,
      interpreterSignature: true,
      witnessName: true,
      witnessSignature: true,
      purgedAt: true,
      comprehension: true,
      physicianSignatureType: true,
      // issue #51: the Turkish text of the same version filled with the same values, beside another language's
      tcMasked: true,
      birthDate: true,
      variables: true,
      countersignedAt: true,
      countersignedBy: true,
      countersignMethod: true,
      documentSha256: true,
      tenant: { select: { name: true } },
      templateVer: { select: { title: true, body: true, translations: true, questions: true, variables: true } },
    },
  });
}

/** The times (as recorded, with their offset) of the consent's evidence records of these kinds. */
export function consentEventTimes(tenantId: string, consentId: string, events: readonly string[]): Promise<{ event: string; at: string }[]> {
  return db().consentEvent.findMany({ where: { consentId, tenantId, event: { in: [...events] } }, select: { event: true, at: true } });
}

/** The dashboard's window: the tenant's consents created since `since`, as far as the figures need them. */
export function consentsCreatedSince(tenantId: string, since: Date) {
  return db().consent.findMany({
    where: { tenantId, createdAt: { gte: since } },
    select: { status: true, expiresAt: true, createdAt: true, signedAt: true, countersignedAt: true },
  });
}

/** Which of `ids` are the tenant's consents. */
export async function tenantConsentIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db().consent.findMany({ where: { tenantId, id: { in: [...ids] } }, select: { id: true } });
  return new Set(rows.map((c) => c.id));
}
