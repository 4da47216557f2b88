// Consents: the reads the API serves (the hot paths go straight to the driver: lib/db.ts sqlRows),
// the creating statement, and every change of status as a named transition. A transition is
// conditional on the status it leaves and returns the rows it changed: 0 means the consent was no
// longer there to change (another request, the expiry sweep or the institution got there first).
import { Prisma, type Consent } from "@prisma/client";
import { sqlRows, type Tx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";
import { apiKeyWith, type KeyAndRow } from "@/lib/db/api-keys";
import { insertEventSql, insertEventsSql, type EventInsert } from "@/lib/db/evidence";
import { outboxInsertSql, type OutboxEvent } from "@/lib/db/outbox";

/** What the consent object (lib/consents/serialize-consent.ts) is made of. */
export const consentSelect = {
  id: true,
  status: true,
  externalRef: true,
  externalPatientId: true,
  patientName: true,
  phoneMasked: true,
  tcMasked: true,
  physician: true,
  procedure: true,
  approverType: true,
  approverName: true,
  approverRelation: true,
  animalName: true,
  animalSpecies: true,
  templateCode: true,
  templateVersion: true,
  contentSha256: true,
  linkToken: true,
  shortCode: true,
  createdAt: true,
  expiresAt: true,
  signedAt: true,
  rejectedAt: true,
  cancelledAt: true,
  rejectReason: true,
  cancelReason: true,
  withdrawnAt: true,
  withdrawReason: true,
  documentSha256: true,
  documentAttempts: true,
  receiptSha256: true,
  tsStatus: true,
  tsError: true,
  tsTime: true,
  tsSerial: true,
  tsProvider: true,
  purgedAt: true,
  language: true,
  interpreterName: true,
  witnessName: true,
  countersignRequired: true,
  countersignedAt: true,
  countersignerName: true,
  countersignerRegistrationNo: true,
  informedAt: true,
  // decisions §24
  physicianSignatureType: true,
  countersignCertificate: true,
  // issue #51: drawn, typed, saved or qualified
  countersignMethod: true,
  // decisions §22
  reconsentRequired: true,
  previousId: true,
  replacedBy: true,
  comprehension: true,
  // decisions §26
  clauses: true,
} satisfies Prisma.ConsentSelect;

export type ConsentRow = Prisma.ConsentGetPayload<{ select: typeof consentSelect }>;

const consentColumns = columnsAs("Consent", Object.keys(consentSelect));

// ── Creating ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The consent row (values by column name) and its first evidence record, in ONE statement: atomic
 * without a transaction of its own. Returns the consent's row for the answer.
 */
function insertConsentSql(values: Record<string, unknown>, first: EventInsert): Prisma.Sql {
  const columns = Object.keys(values);
  return Prisma.sql`
    WITH c AS (
      INSERT INTO consents (${Prisma.raw(columns.map((k) => `"${k}"`).join(", "))})
      VALUES (${Prisma.join(columns.map((k) => values[k]))})
      RETURNING ${consentColumns}
    ), e AS (${insertEventSql(Prisma.sql`c.id`, first, Prisma.sql`FROM c`)})
    SELECT * FROM c`;
}

/** The create path without SMS: one statement, straight to the driver (the API's hot path). */
export async function insertConsent(values: Record<string, unknown>, first: EventInsert): Promise<ConsentRow> {
  const [row] = await sqlRows<ConsentRow>(insertConsentSql(values, first));
  return row!;
}

/** The same inside a transaction that also charges the SMS unit and writes the message. */
export async function insertConsentIn(tx: Tx, values: Record<string, unknown>, first: EventInsert): Promise<void> {
  await tx.$executeRaw(insertConsentSql(values, first));
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const consentRowSql = (tenantId: Prisma.Sql, id: string) => Prisma.sql`SELECT ${consentColumns} FROM consents WHERE id = ${id} AND tenant_id = ${tenantId}`;

export async function consentRow(tenantId: string, id: string): Promise<ConsentRow | undefined> {
  const [row] = await sqlRows<ConsentRow>(consentRowSql(Prisma.sql`${tenantId}`, id));
  return row;
}

/** The key and the consent of its tenant in one round trip (GET /v1/consents/{id}). */
export function apiKeyWithConsentRow(keyId: string, id: string): Promise<KeyAndRow<ConsentRow>> {
  return apiKeyWith(keyId, (tenantId) => consentRowSql(tenantId, id));
}

export interface ConsentFilter {
  /** the status as read (a sent consent past expires_at is expired), at `at` */
  status?: string;
  /** any of these statuses as read (the FHIR search's codes each stand for several) */
  statuses?: readonly string[];
  at: Date;
  /** one consent by its id (a FHIR identifier search) */
  id?: string;
  externalRef?: string;
  externalPatientId?: string;
  tcDigest?: string;
  /** every one of these keyed digests (lib/consents/patient-search.ts) */
  searchDigests?: string[];
  createdFrom?: Date;
  createdBefore?: Date;
  /** the panel's filters: the template's code, the text's language */
  templateCode?: string;
  language?: string;
  /** only these consents (the panel's physician/procedure match, lib/consents/panel-consent-filter.ts) */
  ids?: readonly string[];
}

/**
 * One status as every read reports it: a sent consent past expires_at is expired; a completed one is
 * listed as such once its document exists (decisions §5; the single read waits for it a while,
 * lib/consents/await-document.ts), so that a poller of ?status=completed never keeps one without it.
 */
function statusIs(status: string, at: Date): Prisma.Sql {
  if (status === "sent") return Prisma.sql`(status = 'sent' AND expires_at > ${at})`;
  if (status === "completed") return Prisma.sql`(status = 'completed' AND (document_sha256 IS NOT NULL OR purged_at IS NOT NULL))`;
  if (status === "expired") return Prisma.sql`(status = 'expired' OR (status = 'sent' AND expires_at <= ${at}))`;
  return Prisma.sql`status = ${status}`;
}

/** The WHERE of a tenant's filtered consents, and whether any filter narrows them. */
export function consentWhere(tenantId: string, f: ConsentFilter): { where: Prisma.Sql; filtered: boolean } {
  const filters: Prisma.Sql[] = [];
  if (f.status) filters.push(statusIs(f.status, f.at));
  if (f.statuses) filters.push(f.statuses.length ? Prisma.sql`(${Prisma.join(f.statuses.map((s) => statusIs(s, f.at)), " OR ")})` : Prisma.sql`false`);
  if (f.id !== undefined) filters.push(Prisma.sql`id = ${f.id}`);
  if (f.externalRef !== undefined) filters.push(Prisma.sql`external_ref = ${f.externalRef}`);
  if (f.externalPatientId !== undefined) filters.push(Prisma.sql`external_patient_id = ${f.externalPatientId}`);
  if (f.tcDigest !== undefined) filters.push(Prisma.sql`tc_digest = ${f.tcDigest}`);
  if (f.searchDigests !== undefined) filters.push(Prisma.sql`search_digests @> ${f.searchDigests}::text[]`);
  if (f.createdFrom) filters.push(Prisma.sql`created_at >= ${f.createdFrom}`);
  if (f.createdBefore) filters.push(Prisma.sql`created_at < ${f.createdBefore}`);
  if (f.templateCode !== undefined) filters.push(Prisma.sql`template_code = ${f.templateCode}`);
  if (f.language !== undefined) filters.push(Prisma.sql`language = ${f.language}`);
  if (f.ids !== undefined) filters.push(Prisma.sql`id = ANY(${[...f.ids]}::text[])`);
  return { where: Prisma.join([Prisma.sql`tenant_id = ${tenantId}`, ...filters], " AND "), filtered: filters.length > 0 };
}

/** How many of the tenant's consents match. */
export async function consentCount(tenantId: string, where: Prisma.Sql, filtered: boolean): Promise<number> {
  const [total] = await sqlRows<{ n: number }>(
    // Unfiltered, the tenant's kept total (consent_totals, exact: kept by triggers) spares counting
    // every row; a filter narrows the rows to count through its index.
    filtered
      ? Prisma.sql`SELECT count(*)::int AS n FROM consents WHERE ${where}`
      : Prisma.sql`SELECT COALESCE(sum(n), 0)::int AS n FROM consent_totals WHERE tenant_id = ${tenantId}`,
  );
  return total?.n ?? 0;
}

/** A page of the tenant's consents, newest first, and how many match. Every filter has an index that starts with tenant_id (the search digests, keyed per tenant, a GIN index of their own). */
export async function consentPage(tenantId: string, f: ConsentFilter, limit: number, offset: number): Promise<{ rows: ConsentRow[]; total: number }> {
  const { where, filtered } = consentWhere(tenantId, f);
  const [rows, total] = await Promise.all([
    sqlRows<ConsentRow>(Prisma.sql`SELECT ${consentColumns} FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
    consentCount(tenantId, where, filtered),
  ]);
  return { rows, total };
}

// ── FHIR R4 reads (decisions §21, lib/fhir/) ──────────────────────────────────────────────────────

/**
 * The consent object's columns and what a FHIR Consent adds: the institution, and when the person's
 * code was verified before they signed or declined (`verification`). The events are read through
 * their (consent_id, seq) index.
 */
export type FhirConsentRow = ConsentRow & { tenantCode: string; tenantName: string; otpVerifiedAt: Date | null };

const fhirColumns = Prisma.sql`${columnsAs("Consent", Object.keys(consentSelect), "c")}, t.code AS "tenantCode", t.name AS "tenantName",
  (SELECT max(e.occurred_at) FROM consent_events e
    WHERE e.consent_id = c.id AND e.event = 'otp_dogrulandi' AND e.occurred_at <= COALESCE(c.signed_at, c.rejected_at)) AS "otpVerifiedAt"`;

const fhirConsentRowSql = (tenantId: Prisma.Sql, id: string) => Prisma.sql`
  SELECT ${fhirColumns} FROM consents c JOIN tenants t ON t.id = c.tenant_id
  WHERE c.id = ${id} AND c.tenant_id = ${tenantId}`;

/** The key and the tenant's consent with its FHIR extras, in one round trip (GET /fhir/r4/Consent/{id}). */
export function apiKeyWithFhirConsentRow(keyId: string, id: string): Promise<KeyAndRow<FhirConsentRow>> {
  return apiKeyWith(keyId, (tenantId) => fhirConsentRowSql(tenantId, id));
}

/** The tenant's code, which names its identifier systems (lib/fhir/fhir-ids.ts); undefined for no tenant. */
export async function fhirTenantCode(tenantId: string): Promise<string | undefined> {
  const [row] = await sqlRows<{ code: string }>(Prisma.sql`SELECT code FROM tenants WHERE id = ${tenantId}`);
  return row?.code;
}

/** Where a page ended: the next one starts after this consent (newest first). */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

/**
 * A page of the tenant's consents for a FHIR search, newest first, after `cursor`, and how many match
 * in all. Pages follow the last row seen rather than an offset, so that consents created while a
 * client pages through neither repeat nor shift the pages it has not read yet.
 */
export async function fhirConsentPage(tenantId: string, f: ConsentFilter, limit: number, cursor?: PageCursor): Promise<{ rows: FhirConsentRow[]; total: number }> {
  const { where, filtered } = consentWhere(tenantId, f);
  const after = cursor ? Prisma.sql` AND (created_at, id) < (${cursor.createdAt}, ${cursor.id})` : Prisma.empty;
  const [rows, total] = await Promise.all([
    sqlRows<FhirConsentRow>(Prisma.sql`
      SELECT ${fhirColumns}
      FROM (SELECT * FROM consents WHERE ${where}${after} ORDER BY created_at DESC, id DESC LIMIT ${limit}) c
      JOIN tenants t ON t.id = c.tenant_id
      ORDER BY c.created_at DESC, c.id DESC`),
    consentCount(tenantId, where, filtered),
  ]);
  return { rows, total };
}

/**
 * Open consents of SMS whose tenant's reminder time has come (decisions §23): `hours` before
 * expires_at, not yet reminded, created before that time (a consent that opened inside the window
 * was just sent), oldest expiry first. The partial index consents_reminder_due_idx holds only these.
 */
/** `today`: the service zone's calendar date (YYYY-MM-DD); a tenant whose license_ends is before it is left out. */
export async function dueReminders(at: Date, limit: number, today: string): Promise<{ id: string; tenantId: string; phoneMasked: string | null; hours: number }[]> {
  return sqlRows(Prisma.sql`
    SELECT c.id, c.tenant_id AS "tenantId", c.phone_masked AS "phoneMasked", t.reminder_hours_before AS hours
    FROM consents c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.status = 'sent' AND c.reminder_sent_at IS NULL AND c.sms_enabled
      AND (t.license_ends IS NULL OR t.license_ends >= ${today}::date)
      AND c.expires_at > ${at}
      AND t.reminder_hours_before IS NOT NULL
      AND c.expires_at - make_interval(hours => t.reminder_hours_before) <= ${at}
      AND c.created_at < c.expires_at - make_interval(hours => t.reminder_hours_before)
    ORDER BY c.expires_at
    LIMIT ${limit}`);
}

/** Claims the consent's one reminder under its row lock: false when another run took it first. */
export async function claimReminder(tx: Tx, id: string, at: Date): Promise<boolean> {
  return (await tx.$executeRaw(Prisma.sql`UPDATE consents SET reminder_sent_at = ${at}, updated_at = ${at} WHERE id = ${id} AND reminder_sent_at IS NULL`)) === 1;
}

// ── Locks and transitions (inside a transaction: on the driver, or a Prisma one) ───────────────

interface LockedConsent {
  status: string;
  expiresAt: Date;
  purgedAt: Date | null;
}

/** Locks the tenant's consent row for the rest of the transaction; undefined when there is none. */
export async function lockConsent(tx: Tx, tenantId: string, id: string): Promise<LockedConsent | undefined> {
  const rows = await tx.$queryRaw<LockedConsent[]>(
    Prisma.sql`SELECT status, expires_at AS "expiresAt", purged_at AS "purgedAt" FROM consents WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`,
  );
  const r = rows[0];
  return r && { ...r, expiresAt: new Date(r.expiresAt) };
}

/** A consent's fields by name, as the model names them. */
type ConsentFields = { [K in keyof Omit<Consent, "id" | "tenantId" | "updatedAt">]?: Consent[K] };

/** Sets fields where `also` holds; `updated_at` follows, as Prisma's @updatedAt would. */
function setWhere(tx: Tx, id: string, values: ConsentFields, also: Prisma.Sql): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...values, updatedAt: new Date() })}
    WHERE id = ${id} AND (${also})`);
}

/** What the person's approval records beside the new status. */
type SignatureFields = Pick<ConsentFields, "signatureImage" | "typedSignature" | "interpreterSignature" | "witnessSignature" | "signerIp" | "signerUserAgent">;

/** A signature as it is recorded: the row's new state, its evidence records, what follows it. */
interface Signature {
  id: string;
  tenantId: string;
  at: Date;
  status: "completed" | "signed";
  fields: SignatureFields;
  /** decisions §26: the clauses as answered */
  clauses: readonly object[] | null;
  /** the chain's next records, linked from the head read under the row's lock */
  events: readonly EventInsert[];
  /** decisions §12: the purge deadline, set when the tenant keeps its own records (`kurum`) */
  purgeAfter: Date;
  /** the job event that starts what follows (the completion), if any */
  job?: OutboxEvent;
}

/**
 * sent → completed: the person signed an open consent (decisions §7); or sent → signed when the
 * informing physician must countersign first (§19). One statement (issue #46): the row, its evidence
 * records and new head, the purge deadline and the job event, all or (the transition no longer
 * holding) none. Call under the row's lock (the head must not move meanwhile).
 */
export async function markSigned(tx: Tx, s: Signature): Promise<number> {
  const last = s.events.at(-1);
  if (!last) throw new Error("markSigned: a signature is recorded with its evidence");
  // decisions §26: the clauses as answered (a JSON column: cast here, as recordComprehension does).
  const answered = s.clauses ? { clauses: Prisma.sql`${JSON.stringify(s.clauses)}::jsonb` } : {};
  const values = { status: s.status, signedAt: s.at, ...s.fields, ...answered, eventCount: last.seq, chainHead: last.hash } as ConsentFields;
  const [row] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    WITH s AS (
      UPDATE consents SET ${assignments("Consent", { ...values, updatedAt: new Date() })},
        purge_after = CASE WHEN EXISTS (SELECT 1 FROM tenants WHERE id = ${s.tenantId} AND storage_mode = 'kurum') THEN ${s.purgeAfter} ELSE purge_after END
      -- decisions §26: not once a material change reached it (marked meanwhile: the signature loses).
      WHERE id = ${s.id} AND tenant_id = ${s.tenantId} AND status = 'sent' AND expires_at > ${s.at} AND NOT reconsent_required
      RETURNING id
    ), e AS (${insertEventsSql(s.id, s.events, Prisma.sql`s`)})${s.job ? Prisma.sql`, j AS (${outboxInsertSql(s.job, s.at, Prisma.sql`FROM s`)})` : Prisma.empty}
    SELECT count(*)::int AS n FROM s`);
  return row?.n ?? 0;
}

/** What the physician's countersignature records (decisions §19). */
type CountersignFields = Required<Pick<ConsentFields, "countersignedBy" | "countersignerName" | "countersignerRegistrationNo" | "informedAt" | "countersignature" | "countersignMethod">> &
  /** decisions §24: a qualified countersignature's certificate and the file the physician signed; issue #51: a typed name */
  Pick<ConsentFields, "countersignCertificate" | "countersignedPdf" | "countersignTyped">;

/** signed → completed: the informing physician countersigned. */
export function markCountersigned(tx: Tx, tenantId: string, id: string, at: Date, fields: CountersignFields): PromiseLike<number> {
  return setWhere(tx, id, { status: "completed", countersignedAt: at, ...fields }, Prisma.sql`tenant_id = ${tenantId} AND status = 'signed' AND purged_at IS NULL`);
}

/** sent → rejected: a refusal to sign put on record in person, with a witness (decisions §19). */
export function markRefused(tx: Tx, tenantId: string, id: string, at: Date, fields: Required<Pick<ConsentFields, "rejectReason" | "refusalWitness" | "refusedBy">> & Pick<ConsentFields, "witnessSignature">): PromiseLike<number> {
  return setWhere(tx, id, { status: "rejected", rejectedAt: at, ...fields }, Prisma.sql`tenant_id = ${tenantId} AND status = 'sent' AND expires_at > ${at}`);
}

/** sent → rejected: the person declined an open consent. */
export function markDeclined(tx: Tx, id: string, at: Date, fields: Pick<ConsentFields, "rejectReason" | "signerIp" | "signerUserAgent">): PromiseLike<number> {
  return setWhere(tx, id, { status: "rejected", rejectedAt: at, ...fields }, Prisma.sql`status = 'sent' AND expires_at > ${at}`);
}

/** sent (or signed, awaiting the physician: decisions §19) → cancelled: the institution withdrew it. */
export function markCancelled(tx: Tx, tenantId: string, id: string, at: Date, reason: string | null): PromiseLike<number> {
  return setWhere(
    tx,
    id,
    { status: "cancelled", cancelledAt: at, cancelReason: reason },
    Prisma.sql`tenant_id = ${tenantId} AND ((status = 'sent' AND expires_at > ${at}) OR (status = 'signed' AND purged_at IS NULL))`,
  );
}

/** completed → withdrawn: the person took back a consent they signed (decisions §18). */
export function markWithdrawn(tx: Tx, tenantId: string, id: string, at: Date, reason: string | null): PromiseLike<number> {
  return setWhere(tx, id, { status: "withdrawn", withdrawnAt: at, withdrawReason: reason }, Prisma.sql`tenant_id = ${tenantId} AND status = 'completed' AND purged_at IS NULL`);
}

/** sent → expired, at the time it expired, however late the sweep runs. */
export function markExpired(tx: Tx, tenantId: string, id: string, at: Date, expiresAt: Date): PromiseLike<number> {
  return setWhere(tx, id, { status: "expired", expiredAt: expiresAt }, Prisma.sql`tenant_id = ${tenantId} AND status = 'sent' AND expires_at <= ${at}`);
}

/**
 * decisions §22: the person's answers to the teach-back questions, recorded once, while the consent is
 * open; 0 when it is closed or already holds them (a retry of the same submission).
 */
export function recordComprehension(tx: Tx, tenantId: string, id: string, at: Date, comprehension: object): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET comprehension = ${JSON.stringify(comprehension)}::jsonb, updated_at = ${new Date()}
    WHERE id = ${id} AND tenant_id = ${tenantId} AND status = 'sent' AND expires_at > ${at} AND comprehension IS NULL`);
}

/** Storage mode `kurum` (decisions §12): purge_after for a consent of such a tenant; others untouched. */
export function setPurgeAfterIfKurum(tx: Tx, tenantId: string, consentId: string, purgeAfter: Date): PromiseLike<number> {
  return setWhere(tx, consentId, { purgeAfter }, Prisma.sql`tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND storage_mode = 'kurum')`);
}
