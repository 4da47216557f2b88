// The SQL of the API's hot paths, in one place and straight to the driver (lib/db.ts sqlRows and
// sqlTransaction): the key lookup of every /v1 call, a consent's creation, read and list, verify,
// the signing path's statements (the link's consent, its codes and limits, the signature, the
// document's data, the evidence, the timestamp, the webhook outbox, the seal's secrets) and
// documents kept in the database. Prisma 6.19 compiles every query in WASM on the event loop,
// which profiled at ~40% of the server's CPU under load; everything else goes through Prisma.
// Column names come from Prisma's own schema (its DMMF), never from spelling a field name differently.
import { Prisma, type Consent, type ConsentEvent, type OtpCode, type TemplateVersion } from "@prisma/client";
import { sqlRows, type RawTx } from "@/lib/db";

/** The column of a Prisma model's scalar field, as the model maps it (`@map`). */
function columnOf(model: Prisma.ModelName, name: string): string {
  const m = Prisma.dmmf.datamodel.models.find((x) => x.name === model);
  if (!m) throw new Error(`columnOf: no model ${model}`);
  const field = m.fields.find((f) => f.name === name && f.kind === "scalar");
  if (!field) throw new Error(`columnOf: ${model} has no column ${name}`);
  return field.dbName ?? field.name;
}

/** `"column" AS "field", …` for fields of a Prisma model, as the model maps them (`@map`). */
export function columnsAs(model: Prisma.ModelName, fields: readonly string[], table?: string): Prisma.Sql {
  const prefix = table ? `${table}.` : "";
  return Prisma.raw(fields.map((name) => `${prefix}"${columnOf(model, name)}" AS "${name}"`).join(", "));
}

/** `"column" = value, …` for fields of a Prisma model (an UPDATE's SET list). */
function assignments(model: Prisma.ModelName, values: Record<string, unknown>): Prisma.Sql {
  return Prisma.join(
    Object.entries(values).map(([name, value]) => Prisma.sql`${Prisma.raw(`"${columnOf(model, name)}"`)} = ${value}`),
    ", ",
  );
}

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
  tsStatus: true,
  tsError: true,
  tsTime: true,
  tsSerial: true,
  tsProvider: true,
  purgedAt: true,
  language: true,
} satisfies Prisma.ConsentSelect;

export type ConsentRow = Prisma.ConsentGetPayload<{ select: typeof consentSelect }>;

const consentColumns = columnsAs("Consent", Object.keys(consentSelect));

// ── API keys ─────────────────────────────────────────────────────────────────────────────────────

const apiKeyColumns = columnsAs("ApiKey", ["id", "name", "scopes", "secretDigest", "revokedAt", "tenantId"]);

export async function apiKeyRow(id: string) {
  const [key] = await sqlRows<{ id: string; name: string; scopes: string[]; secretDigest: string; revokedAt: Date | null; tenantId: string }>(
    Prisma.sql`SELECT ${apiKeyColumns} FROM api_keys WHERE id = ${id}`,
  );
  return key;
}

// ── Creating a consent ───────────────────────────────────────────────────────────────────────────

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

/**
 * The consent row (columns by name) and, in the same statement, what `then` inserts from it (its
 * first evidence record, reading the new row as `c`): atomic without a transaction of its own.
 * Returns the consent's row for the answer.
 */
export function insertConsentSql(values: Record<string, unknown>, then: Prisma.Sql): Prisma.Sql {
  const columns = Object.keys(values);
  return Prisma.sql`
    WITH c AS (
      INSERT INTO consents (${Prisma.raw(columns.map((k) => `"${k}"`).join(", "))})
      VALUES (${Prisma.join(columns.map((k) => values[k]))})
      RETURNING ${consentColumns}
    ), e AS (${then})
    SELECT * FROM c`;
}

export async function insertConsent(values: Record<string, unknown>, then: Prisma.Sql): Promise<ConsentRow> {
  const [row] = await sqlRows<ConsentRow>(insertConsentSql(values, then));
  return row!;
}

// ── Reading consents ─────────────────────────────────────────────────────────────────────────────

export async function consentRow(tenantId: string, id: string): Promise<ConsentRow | undefined> {
  const [row] = await sqlRows<ConsentRow>(Prisma.sql`SELECT ${consentColumns} FROM consents WHERE id = ${id} AND tenant_id = ${tenantId}`);
  return row;
}

export interface ConsentFilter {
  /** the status as read (a sent consent past expires_at is expired), at `at` */
  status?: string;
  at: Date;
  externalRef?: string;
  externalPatientId?: string;
  tcDigest?: string;
  /** every one of these keyed digests (lib/consents/patient-search.ts) */
  searchDigests?: string[];
  createdFrom?: Date;
  createdBefore?: Date;
}

/** A page of the tenant's consents, newest first, and how many match. Every filter has an index that starts with tenant_id (the search digests, keyed per tenant, a GIN index of their own). */
export async function consentPage(tenantId: string, f: ConsentFilter, limit: number, offset: number): Promise<{ rows: ConsentRow[]; total: number }> {
  const filters: Prisma.Sql[] = [];
  if (f.status === "sent") filters.push(Prisma.sql`status = 'sent' AND expires_at > ${f.at}`);
  else if (f.status === "expired") filters.push(Prisma.sql`(status = 'expired' OR (status = 'sent' AND expires_at <= ${f.at}))`);
  else if (f.status) filters.push(Prisma.sql`status = ${f.status}`);
  if (f.externalRef !== undefined) filters.push(Prisma.sql`external_ref = ${f.externalRef}`);
  if (f.externalPatientId !== undefined) filters.push(Prisma.sql`external_patient_id = ${f.externalPatientId}`);
  if (f.tcDigest !== undefined) filters.push(Prisma.sql`tc_digest = ${f.tcDigest}`);
  if (f.searchDigests !== undefined) filters.push(Prisma.sql`search_digests @> ${f.searchDigests}::text[]`);
  if (f.createdFrom) filters.push(Prisma.sql`created_at >= ${f.createdFrom}`);
  if (f.createdBefore) filters.push(Prisma.sql`created_at < ${f.createdBefore}`);
  const where = Prisma.join([Prisma.sql`tenant_id = ${tenantId}`, ...filters], " AND ");
  const [rows, [total]] = await Promise.all([
    sqlRows<ConsentRow>(Prisma.sql`SELECT ${consentColumns} FROM consents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
    // Unfiltered, the tenant's kept total (consent_totals, exact: kept by triggers) spares counting
    // every row; a filter narrows the rows to count through its index.
    sqlRows<{ n: number }>(
      filters.length > 0
        ? Prisma.sql`SELECT count(*)::int AS n FROM consents WHERE ${where}`
        : Prisma.sql`SELECT COALESCE(sum(n), 0)::int AS n FROM consent_totals WHERE tenant_id = ${tenantId}`,
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ── Verify ───────────────────────────────────────────────────────────────────────────────────────

const VERIFY_FIELDS = [
  "status",
  "expiresAt",
  "signedAt",
  "documentSha256",
  "supersededSha256",
  "sealLevel",
  "sealSigner",
  "tsStatus",
  "tsTime",
  "tsSerial",
  "tsProvider",
] as const satisfies readonly (keyof Prisma.ConsentSelect)[];

const verifyColumns = columnsAs("Consent", VERIFY_FIELDS, "c");

export type VerifyRow = Pick<Prisma.ConsentGetPayload<{ select: { [K in (typeof VERIFY_FIELDS)[number]]: true } }>, (typeof VERIFY_FIELDS)[number]> & {
  institution: string;
};

/** Any tenant's consent by id (verify is open to every key and to the public page), with its institution's name. */
export async function verifyRow(id: string): Promise<VerifyRow | undefined> {
  const [row] = await sqlRows<VerifyRow>(Prisma.sql`
    SELECT ${verifyColumns}, t.name AS institution
    FROM consents c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.id = ${id}`);
  return row;
}

// ── The signing link ─────────────────────────────────────────────────────────────────────────────

const SIGNING_FIELDS = ["id", "tenantId", "status", "expiresAt", "phone", "phoneMasked", "purgedAt", "interpreterName", "language"] as const;
const signingColumns = columnsAs("Consent", SIGNING_FIELDS, "c");

export type SigningRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof SIGNING_FIELDS)[number]]: true } }> & { tenant: { name: string } };

/** The consent behind a signing link token, with its institution's name: read by every step of the signing page. */
export async function signingRow(token: string): Promise<SigningRow | undefined> {
  const [row] = await sqlRows<Omit<SigningRow, "tenant"> & { tenantName: string }>(Prisma.sql`
    SELECT ${signingColumns}, t.name AS "tenantName"
    FROM consents c JOIN tenants t ON t.id = c.tenant_id
    WHERE c.link_token = ${token}`);
  if (!row) return undefined;
  const { tenantName, ...consent } = row;
  return { ...consent, tenant: { name: tenantName } };
}

// ── A signed consent's document ──────────────────────────────────────────────────────────────────

const DOCUMENT_FIELDS = [
  "tenantId", "status", "documentSha256", "renderedHtml", "contentSha256", "templateVersion", "patientName", "tcMasked",
  "phoneMasked", "approverType", "approverName", "approverRelation", "physician", "procedure", "animalName", "animalSpecies",
  "signedAt", "signerIp", "signerUserAgent", "signatureImage", "language", "interpreterName", "interpreterSignature",
] as const;
const documentColumns = columnsAs("Consent", DOCUMENT_FIELDS, "c");

export type DocumentRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof DOCUMENT_FIELDS)[number]]: true } }> & {
  tenant: { name: string };
  templateVer: Pick<TemplateVersion, "title" | "body" | "translations">;
};

/** What a consent's PDF is made of, with its institution's name and its template version's text. */
export async function documentRow(consentId: string): Promise<DocumentRow | undefined> {
  const [row] = await sqlRows<Omit<DocumentRow, "tenant" | "templateVer"> & { tenantName: string; title: string; body: string; translations: Prisma.JsonValue }>(Prisma.sql`
    SELECT ${documentColumns}, t.name AS "tenantName", v.title, v.body, v.translations
    FROM consents c JOIN tenants t ON t.id = c.tenant_id JOIN template_versions v ON v.id = c.template_version_id
    WHERE c.id = ${consentId}`);
  if (!row) return undefined;
  const { tenantName, title, body, translations, ...consent } = row;
  return { ...consent, tenant: { name: tenantName }, templateVer: { title, body, translations } };
}

// ── Timestamps ───────────────────────────────────────────────────────────────────────────────────

const claimedColumns = columnsAs("Consent", ["tenantId", "documentSha256", "tsAttempts", "tsStatus"]);

/**
 * Claims a consent's timestamp attempt until `leaseUntil` (other processes skip it meanwhile) and
 * returns what the attempt needs, in one statement; undefined when it is not due. Due: `queued` and
 * its time has come, or for a manual retry `queued` or `failed`. A purged (kurum) record takes no
 * more writes; the purge in turn waits out the lease.
 */
export async function claimTimestampAttempt(consentId: string, at: Date, leaseUntil: Date, manual: boolean) {
  const [row] = await sqlRows<{ tenantId: string; documentSha256: string; tsAttempts: number; tsStatus: string }>(Prisma.sql`
    UPDATE consents SET ts_next_attempt_at = ${leaseUntil}
    WHERE id = ${consentId} AND document_sha256 IS NOT NULL AND purged_at IS NULL
      AND ${manual ? Prisma.sql`ts_status IN ('queued', 'failed')` : Prisma.sql`ts_status = 'queued' AND ts_next_attempt_at <= ${at}`}
    RETURNING ${claimedColumns}`);
  return row;
}

// ── Inside the signing path's transactions (a RawTx: on the driver, or a Prisma transaction) ────

/** A consent's fields by name: a value, or SQL computed from the row (`ts_attempts + 1`). */
type ConsentFields = { [K in keyof Omit<Consent, "id" | "tenantId" | "updatedAt">]?: Consent[K] | Prisma.Sql };

/**
 * Sets a consent's fields (as the model names them) where `also` holds too; the number of rows
 * changed (0: the condition no longer held). `updated_at` follows, as Prisma's @updatedAt would.
 */
export function updateConsent(tx: RawTx, id: string, values: ConsentFields, also: Prisma.Sql = Prisma.sql`TRUE`): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...values, updatedAt: new Date() })}
    WHERE id = ${id} AND (${also})`);
}

/** Storage mode `kurum` (decisions §12): purge_after for a consent of such a tenant; others untouched. */
export function setPurgeAfterIfKurum(tx: RawTx, tenantId: string, consentId: string, purgeAfter: Date): PromiseLike<number> {
  return updateConsent(tx, consentId, { purgeAfter }, Prisma.sql`tenant_id = ${tenantId} AND EXISTS (SELECT 1 FROM tenants WHERE id = ${tenantId} AND storage_mode = 'kurum')`);
}

const otpColumns = columnsAs("OtpCode", ["id", "consentId", "codeHash", "attempts", "expiresAt", "verifiedAt", "createdAt"]);
export type OtpRow = Pick<OtpCode, "id" | "consentId" | "codeHash" | "attempts" | "expiresAt" | "verifiedAt" | "createdAt">;

/** A consent's latest code. */
export async function latestOtp(tx: RawTx, consentId: string): Promise<OtpRow | undefined> {
  const rows = await tx.$queryRaw<OtpRow[]>(Prisma.sql`SELECT ${otpColumns} FROM otp_codes WHERE consent_id = ${consentId} ORDER BY created_at DESC LIMIT 1`);
  return rows[0];
}

/** The code a browser session was opened with (its digest), if any. */
export async function otpBySession(tx: RawTx, sessionHash: string): Promise<OtpRow | undefined> {
  const rows = await tx.$queryRaw<OtpRow[]>(Prisma.sql`SELECT ${otpColumns} FROM otp_codes WHERE session_hash = ${sessionHash}`);
  return rows[0];
}

export function insertOtp(tx: RawTx, otp: Pick<OtpCode, "id" | "consentId" | "codeHash" | "expiresAt" | "createdAt">): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO otp_codes (id, consent_id, code_hash, expires_at, created_at)
    VALUES (${otp.id}, ${otp.consentId}, ${otp.codeHash}, ${otp.expiresAt}, ${otp.createdAt})`);
}

export function updateOtp(tx: RawTx, id: string, values: Partial<Pick<OtpCode, "attempts" | "verifiedAt" | "sessionHash">>): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE otp_codes SET ${assignments("OtpCode", values)} WHERE id = ${id}`);
}

/**
 * What the caps on a link's codes are counted from (lib/signing/link-lock.ts), in one statement:
 * the codes since the last resend (newest first, at most `limit`), each with whether a
 * `link_kilitlendi` was recorded since that resend. No codes: one row with a null code.
 */
export async function codesSinceResend(tx: RawTx, consentId: string, limit: number) {
  return tx.$queryRaw<{ createdAt: Date | null; attempts: number | null; locked: boolean }[]>(Prisma.sql`
    WITH since AS (
      SELECT COALESCE(
        (SELECT occurred_at FROM consent_events WHERE consent_id = ${consentId} AND event = 'yeniden_gonderildi' ORDER BY seq DESC LIMIT 1),
        'epoch'::timestamp) AS t
    )
    SELECT o.created_at AS "createdAt", o.attempts,
           EXISTS (SELECT 1 FROM consent_events WHERE consent_id = ${consentId} AND event = 'link_kilitlendi' AND occurred_at >= since.t) AS locked
    FROM since LEFT JOIN LATERAL (
      SELECT created_at, attempts FROM otp_codes WHERE consent_id = ${consentId} AND created_at >= since.t ORDER BY created_at DESC LIMIT ${limit}
    ) o ON TRUE`);
}

/** The webhook outbox: a delivery of `event` when the tenant's endpoint subscribes to it (one statement). */
export function insertWebhookDelivery(tx: RawTx, d: { tenantId: string; consentId: string; event: string; createdAtIso: string; at: Date }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO webhook_deliveries (tenant_id, consent_id, event, created_at_iso, next_attempt_at, created_at)
    SELECT tenant_id, ${d.consentId}, ${d.event}, ${d.createdAtIso}, ${d.at}, ${new Date()}
    FROM webhook_endpoints WHERE tenant_id = ${d.tenantId} AND ${d.event} = ANY (events)`);
}

// ── Evidence ─────────────────────────────────────────────────────────────────────────────────────

const eventColumns = columnsAs("ConsentEvent", ["seq", "event", "at", "ip", "userAgent", "actor", "data", "prevHash", "hash"], "e");

export type EventRow = Pick<ConsentEvent, "seq" | "event" | "at" | "ip" | "userAgent" | "actor" | "data" | "prevHash" | "hash">;

/**
 * A consent's evidence records in order, with the head and count its row holds, read in one
 * statement (one snapshot: an event appended meanwhile cannot look like tampering). Undefined when
 * there is no such consent.
 */
export async function evidenceRows(consentId: string): Promise<{ eventCount: number; chainHead: string | null; events: EventRow[] } | undefined> {
  // LEFT JOIN: a consent without records still answers (one row of nulls), so that it is told apart from no consent.
  const rows = await sqlRows<{ eventCount: number; chainHead: string | null } & { [K in keyof EventRow]: EventRow[K] | null }>(Prisma.sql`
    SELECT c.event_count AS "eventCount", c.chain_head AS "chainHead", ${eventColumns}
    FROM consents c LEFT JOIN consent_events e ON e.consent_id = c.id
    WHERE c.id = ${consentId}
    ORDER BY e.seq`);
  const [first] = rows;
  if (!first) return undefined;
  const events = rows.filter((r) => r.seq !== null).map(({ eventCount: _count, chainHead: _head, ...e }) => e as EventRow);
  return { eventCount: first.eventCount, chainHead: first.chainHead, events };
}

// ── Documents in the database, and the service's own secrets ────────────────────────────────────

// Prisma's pg adapter turns a BYTEA it reads into an array of numbers, one element a byte (~3 ms of
// the event loop for a document, even for the row an upsert returns), and sends written bytes
// through its query compiler as base64 text: documents go to the driver.
export async function putStoredFile(key: string, bytes: Buffer, meta: { tenantId: string; consentId: string | null; contentType: string; sha256: string }): Promise<void> {
  await sqlRows(Prisma.sql`
    INSERT INTO stored_files (key, tenant_id, consent_id, content_type, sha256, bytes)
    VALUES (${key}, ${meta.tenantId}, ${meta.consentId}, ${meta.contentType}, ${meta.sha256}, ${bytes})
    ON CONFLICT (key) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, consent_id = EXCLUDED.consent_id,
      content_type = EXCLUDED.content_type, sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes`);
}

export async function storedFileBytes(key: string): Promise<Buffer | null> {
  const [f] = await sqlRows<{ bytes: Uint8Array }>(Prisma.sql`SELECT bytes FROM stored_files WHERE key = ${key}`);
  return f ? Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) : null;
}

/** Rows of ServiceSecret by name: the local seal reads its own for every document it seals. */
export async function serviceSecretRows(names: readonly string[]): Promise<{ name: string; value: string }[]> {
  return sqlRows(Prisma.sql`SELECT name, value FROM service_secrets WHERE name IN (${Prisma.join(names)})`);
}

