// Templates: what a consent is created from (read in one statement, since every create runs it), the
// template and its published versions as the API and the panel read them, and the writes that make
// a working copy, edit it and publish it. Every statement names the tenant.
import { Prisma, type TemplateVersion } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";

type CreationBasisRow = { tenantName: string; licenseEnds: string | null; defaultValidityHours: number; physicianSignatureType: string; code: string | null } & {
  [K in keyof TemplateVersion]: TemplateVersion[K] | null;
};

const versionColumns = columnsAs("TemplateVersion", Object.keys(Prisma.TemplateVersionScalarFieldEnum), "v");

/** The tenant's name, licence end and default validity, and the latest published, active version of `code`. */
export async function creationBasisRow(tenantId: string, code: string): Promise<CreationBasisRow | undefined> {
  // license_ends is a date: read as text, since drivers parse dates in the process's local zone.
  const [row] = await sqlRows<CreationBasisRow>(Prisma.sql`
    SELECT n.name AS "tenantName", n.license_ends::text AS "licenseEnds", n.default_validity_hours AS "defaultValidityHours", n.physician_signature_type AS "physicianSignatureType",
           ${versionColumns}, t.code
    FROM tenants n
    LEFT JOIN templates t ON t.tenant_id = n.id AND t.code = ${code} AND t.active AND t.latest_version >= 1
    LEFT JOIN template_versions v ON v.template_id = t.id AND v.version = t.latest_version AND v.tenant_id = t.tenant_id
    WHERE n.id = ${tenantId}`);
  return row;
}

// ── The template and its versions, as the API describes them ─────────────────────────────────────

// The working copy's body is in the list select only for templates never published, whose
// content_hash is that of the working body; selecting it for all keeps the list at two queries.
const templateListSelect = {
  id: true,
  code: true,
  active: true,
  hasDraft: true,
  latestVersion: true,
  title: true,
  category: true,
  type: true,
  bodyType: true,
  body: true,
  wetSignatureRequired: true,
  physicianCountersign: true,
  translations: true,
  documentCode: true,
} satisfies Prisma.TemplateSelect;

const templateDetailSelect = { ...templateListSelect, variables: true, questions: true, clauses: true } satisfies Prisma.TemplateSelect;

const versionListSelect = {
  templateId: true,
  version: true,
  title: true,
  category: true,
  type: true,
  bodyType: true,
  wetSignatureRequired: true,
  physicianCountersign: true,
  contentHash: true,
  publishedAt: true,
  translations: true,
  documentCode: true,
} satisfies Prisma.TemplateVersionSelect;

const versionDetailSelect = { ...versionListSelect, body: true, variables: true, questions: true, clauses: true, changeNotes: true, readability: true } satisfies Prisma.TemplateVersionSelect;

export type TemplateListRow = Prisma.TemplateGetPayload<{ select: typeof templateListSelect }>;
export type TemplateDetailRow = Prisma.TemplateGetPayload<{ select: typeof templateDetailSelect }>;
export type VersionListRow = Prisma.TemplateVersionGetPayload<{ select: typeof versionListSelect }>;
export type VersionDetailRow = Prisma.TemplateVersionGetPayload<{ select: typeof versionDetailSelect }>;

/** The tenant's template `code`: its id, code, working title and latest published version (0: none), without its texts. */
export function templateSummary(tenantId: string, code: string): Promise<{ id: string; code: string; title: string; latestVersion: number } | null> {
  return db().template.findUnique({ where: { tenantId_code: { tenantId, code } }, select: { id: true, code: true, title: true, latestVersion: true } });
}

/** The tenant's template `code` with its working copy, and when it last changed (the guard of an edit). */
export function templateRow(tenantId: string, code: string): Promise<(TemplateDetailRow & { updatedAt: Date }) | null> {
  return db().template.findUnique({ where: { tenantId_code: { tenantId, code } }, select: { ...templateDetailSelect, updatedAt: true } });
}

/** One published version of the tenant's template; null for a version it never published. */
export function templateVersionRow(tenantId: string, templateId: string, version: number): Promise<VersionDetailRow | null> {
  return db().templateVersion.findUnique({ where: { templateId_version: { templateId, version }, tenantId }, select: versionDetailSelect });
}

/** The published versions among `versions` of the tenant's template. */
export function templateVersionRows(tenantId: string, templateId: string, versions: number[]): Promise<VersionDetailRow[]> {
  return db().templateVersion.findMany({ where: { tenantId, templateId, version: { in: versions } }, select: versionDetailSelect });
}

/** Every published version of the tenant's template, newest first, without its texts. */
export function templateVersionHistory(tenantId: string, templateId: string) {
  return db().templateVersion.findMany({
    where: { tenantId, templateId },
    select: { version: true, title: true, contentHash: true, publishedAt: true, publishedBy: true },
    orderBy: { version: "desc" },
  });
}

/**
 * Every template of the tenant (in no particular order) and the latest published version of each
 * that has one: two queries, whatever the number of templates.
 */
export async function templateListRows(tenantId: string): Promise<{ templates: TemplateListRow[]; versions: VersionListRow[] }> {
  const templates = await db().template.findMany({ where: { tenantId }, select: templateListSelect });
  const published = templates.filter((t) => t.latestVersion > 0);
  const versions = published.length
    ? await db().templateVersion.findMany({
        where: { tenantId, OR: published.map((t) => ({ templateId: t.id, version: t.latestVersion })) },
        select: versionListSelect,
      })
    : [];
  return { templates, versions };
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────

/** What a working copy and each published version hold (the JSON fields already in their stored shape). */
interface TemplateContent {
  title: string;
  category: string;
  type: string;
  bodyType: string;
  body: string;
  variables: unknown;
  wetSignatureRequired: boolean;
  physicianCountersign: boolean;
  translations: unknown;
  questions: unknown;
  /** decisions §26: the clauses by language */
  clauses: unknown;
  /** decisions §25 */
  documentCode: string | null;
}

/** A version to publish: the working copy's content, its translations with their digests, and the body's digest. */
interface NewVersion {
  id: string;
  version: number;
  translations: unknown;
  contentHash: string;
  publishedBy: string;
  /** decisions §26: the material change's note by language */
  changeNotes: Partial<Record<string, string>>;
  /** issue #52: the Ateşman score of the Turkish text, null when it has no words */
  readability: number | null;
}

const json = (v: unknown) => v as Prisma.InputJsonValue;

/**
 * A new template of the tenant, and its first version when `published` is given: one nested create,
 * which Prisma runs in one transaction, so the template never exists as "published" without its
 * version row. Throws a unique violation (isUniqueViolation) for a code the tenant already has.
 */
export async function insertTemplate(
  t: { id: string; tenantId: string; code: string; active: boolean; content: TemplateContent },
  published: NewVersion | null,
): Promise<{ template: TemplateDetailRow; version: VersionDetailRow | null }> {
  const c = t.content;
  const content = { ...c, variables: json(c.variables), translations: json(c.translations), questions: json(c.questions), clauses: json(c.clauses) };
  const { versions, ...template } = await db().template.create({
    data: {
      id: t.id,
      tenantId: t.tenantId,
      code: t.code,
      active: t.active,
      ...content,
      hasDraft: !published,
      latestVersion: published ? published.version : 0,
      versions: published
        ? { create: { ...content, id: published.id, tenantId: t.tenantId, version: published.version, translations: json(published.translations), contentHash: published.contentHash, publishedBy: published.publishedBy, readability: published.readability } }
        : undefined,
    },
    select: { ...templateDetailSelect, versions: { select: versionDetailSelect } },
  });
  return { template, version: versions[0] ?? null };
}

/** What an edit was read against: it applies only while the template is still as it was then. */
interface TemplateGuard {
  id: string;
  tenantId: string;
  latestVersion: number;
  updatedAt: Date;
}

/** Edits the working copy if the template is still as `guard` read it; null when it changed meanwhile. */
export async function updateWorkingCopy(guard: TemplateGuard, content: TemplateContent, active: boolean, hasDraft: boolean): Promise<TemplateDetailRow | null> {
  const rows = await db().template.updateManyAndReturn({
    where: guard,
    data: { ...content, variables: json(content.variables), translations: json(content.translations), questions: json(content.questions), clauses: json(content.clauses), active, hasDraft },
    select: templateDetailSelect,
  });
  return rows[0] ?? null;
}

const templateColumns = columnsAs("Template", Object.keys(templateDetailSelect));
const publishedColumns = columnsAs("TemplateVersion", Object.keys(versionDetailSelect));

/** A JSON column's value: its text, cast. */
const jsonb = (v: unknown) => Prisma.sql`${JSON.stringify(v)}::jsonb`;

/**
 * Inside a transaction: the working copy becomes `version`, published, if the template is still as
 * `guard` read it (null otherwise: the caller reads again). Two publishes can never claim one version.
 */
export async function publishTemplateVersion(
  tx: Tx,
  guard: TemplateGuard,
  content: TemplateContent,
  active: boolean,
  version: NewVersion,
): Promise<{ template: TemplateDetailRow; published: VersionDetailRow } | null> {
  const { variables, translations, questions, clauses, ...scalars } = content;
  const [template] = await tx.$queryRaw<TemplateDetailRow[]>(Prisma.sql`
    UPDATE templates SET ${assignments("Template", {
      ...scalars,
      variables: jsonb(variables),
      translations: jsonb(translations),
      questions: jsonb(questions),
      clauses: jsonb(clauses),
      active,
      latestVersion: version.version,
      hasDraft: false,
      updatedAt: new Date(),
    })}
    WHERE id = ${guard.id} AND tenant_id = ${guard.tenantId} AND latest_version = ${guard.latestVersion} AND updated_at = ${guard.updatedAt}
    RETURNING ${templateColumns}`);
  if (!template) return null;
  const [published] = await tx.$queryRaw<VersionDetailRow[]>(Prisma.sql`
    INSERT INTO template_versions (id, template_id, tenant_id, version, title, category, type, body_type, body, variables,
      wet_signature_required, physician_countersign, content_hash, translations, questions, clauses, change_notes, document_code, readability, published_at, published_by)
    VALUES (${version.id}, ${guard.id}, ${guard.tenantId}, ${version.version}, ${content.title}, ${content.category}, ${content.type},
      ${content.bodyType}, ${content.body}, ${jsonb(variables)}, ${content.wetSignatureRequired}, ${content.physicianCountersign},
      ${version.contentHash}, ${jsonb(version.translations)}, ${jsonb(questions)}, ${jsonb(clauses)}, ${jsonb(version.changeNotes)}, ${content.documentCode}, ${version.readability}, ${new Date()}, ${version.publishedBy})
    RETURNING ${publishedColumns}`);
  return { template, published: published! };
}

/**
 * Inside a transaction: a new draft template of the tenant, never published (the panel's copy of
 * another one). Throws a unique violation (isUniqueViolation) for a code the tenant already has.
 */
export async function insertDraftTemplate(tx: Tx, t: { id: string; tenantId: string; code: string; content: TemplateContent }): Promise<void> {
  const c = t.content;
  const at = new Date();
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO templates (id, tenant_id, code, active, title, category, type, body_type, body, variables, wet_signature_required,
      physician_countersign, translations, questions, clauses, document_code, has_draft, latest_version, created_at, updated_at)
    VALUES (${t.id}, ${t.tenantId}, ${t.code}, true, ${c.title}, ${c.category}, ${c.type}, ${c.bodyType}, ${c.body}, ${jsonb(c.variables)},
      ${c.wetSignatureRequired}, ${c.physicianCountersign}, ${jsonb(c.translations)}, ${jsonb(c.questions)}, ${jsonb(c.clauses)}, ${c.documentCode}, true, 0, ${at}, ${at})`);
}
