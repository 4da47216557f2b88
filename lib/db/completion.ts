// The completion of a signed consent (lib/completion): its document, the document's seal, the
// detached timestamp and the announcement, as the consent row records them. A step is claimed with a
// token and a lease (completion_claim, completion_claimed_until) that outlives its work, so that
// several instances, the runner, an Inngest function and a manual retry never do one step twice at
// once; each step's success or failure is written only while the token is still its own (a holder
// whose lease lapsed writes nothing), and a process that dies mid-step leaves a lease that lapses.
// The "next attempt" columns are the steps' schedules only.
import { Prisma, type TemplateVersion } from "@prisma/client";
import { db, sqlRows, type Tx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";

/**
 * Consents whose signatures are all on record, and refusals put on record (decisions §19): each gets a
 * document. (A consent `signed` by the person waits for the physician's countersignature first.)
 */
const SIGNED = Prisma.sql`(status IN ('completed', 'withdrawn') OR (status = 'rejected' AND refused_by IS NOT NULL))`;

const STATE_FIELDS = [
  "tenantId", "status", "signedAt", "rejectedAt", "refusedBy", "purgedAt", "documentSha256", "documentKey", "documentAttempts", "documentNextAttemptAt",
  "sealLevel", "sealAttempts", "sealNextAttemptAt", "tsStatus", "tsAttempts", "tsNextAttemptAt", "completionAnnouncedAt", "completionClaimedUntil",
  "receiptSha256", "receiptNextAttemptAt",
] as const;
const stateColumns = columnsAs("Consent", STATE_FIELDS);

export type CompletionRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof STATE_FIELDS)[number]]: true } }>;

/** Where a consent's completion stands. */
export async function completionRow(consentId: string): Promise<CompletionRow | undefined> {
  const [row] = await sqlRows<CompletionRow>(Prisma.sql`SELECT ${stateColumns} FROM consents WHERE id = ${consentId}`);
  return row;
}

/** The claim of one completion step: whose it is (a random token) and until when. */
export interface StepClaim {
  token: string;
  until: Date;
}

/** No step of the consent is under way (or its holder's lease lapsed). */
const unclaimed = (at: Date) => Prisma.sql`(completion_claimed_until IS NULL OR completion_claimed_until <= ${at})`;
const claimAssignment = (c: StepClaim) => Prisma.sql`completion_claim = ${c.token}, completion_claimed_until = ${c.until}`;
const RELEASED = { completionClaim: null, completionClaimedUntil: null } as const;

/**
 * issue #51: a withdrawn consent whose document exists (and is not waiting to be sealed again, which
 * would change the digest the receipt names) and that has no withdrawal receipt yet.
 */
const RECEIPT_DUE = Prisma.sql`(status = 'withdrawn' AND document_sha256 IS NOT NULL AND receipt_sha256 IS NULL AND purged_at IS NULL
  AND NOT (seal_level IS NULL AND seal_next_attempt_at IS NOT NULL))`;

/**
 * Consents with a step due by `dueBy` and none under way, oldest first: a signature without a
 * document is due from the time it was recorded (the sign request only queues its completion).
 */
export async function dueCompletionIds(dueBy: Date, limit: number): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    SELECT id FROM (
      (SELECT id, COALESCE(document_next_attempt_at, signed_at, rejected_at) AS due FROM consents
        WHERE ${SIGNED} AND completion_announced_at IS NULL AND purged_at IS NULL AND ${unclaimed(dueBy)}
          AND ((document_sha256 IS NULL AND (document_next_attempt_at IS NULL OR document_next_attempt_at <= ${dueBy}))
            OR (document_sha256 IS NOT NULL AND ts_status <> 'queued'))
        LIMIT ${limit})
      UNION
      (SELECT id, seal_next_attempt_at AS due FROM consents
        WHERE seal_next_attempt_at <= ${dueBy} AND seal_level IS NULL AND document_sha256 IS NOT NULL AND purged_at IS NULL AND ${unclaimed(dueBy)}
        LIMIT ${limit})
      UNION
      (SELECT id, COALESCE(receipt_next_attempt_at, withdrawn_at) AS due FROM consents
        WHERE ${RECEIPT_DUE} AND (receipt_next_attempt_at IS NULL OR receipt_next_attempt_at <= ${dueBy}) AND ${unclaimed(dueBy)}
        LIMIT ${limit})
      UNION
      (SELECT id, ts_next_attempt_at AS due FROM consents
        WHERE ts_status = 'queued' AND ts_next_attempt_at <= ${dueBy} AND ${unclaimed(dueBy)}
        LIMIT ${limit})
    ) AS due
    ORDER BY due LIMIT ${limit}`);
  return [...new Set(rows.map((r) => r.id))];
}

// ── The document ─────────────────────────────────────────────────────────────────────────────────

const DOCUMENT_FIELDS = [
  "tenantId", "status", "documentSha256", "renderedHtml", "contentSha256", "templateVersion", "patientName", "tcMasked",
  "phoneMasked", "approverType", "approverName", "approverRelation", "physician", "procedure", "animalName", "animalSpecies",
  "signedAt", "signerIp", "signerUserAgent", "signatureImage", "typedSignature", "language", "interpreterName", "interpreterSignature",
  "witnessName", "witnessSignature", "countersignedAt", "countersignerName", "countersignerRegistrationNo", "informedAt", "countersignature",
  "physicianSignatureType", "countersignCertificate", "countersignedPdf", "countersignMethod", "countersignTyped",
  "rejectedAt", "rejectReason", "refusalWitness", "refusedBy",
  "comprehension", "previousId", "clauses", "identityVerifiedBy",
  // decisions §25: the person's block, and the Turkish annex filled with the consent's own values
  "birthDate", "externalPatientId", "variables", "createdAt",
] as const;
const documentColumns = columnsAs("Consent", DOCUMENT_FIELDS, "c");

export type DocumentRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof DOCUMENT_FIELDS)[number]]: true } }> & {
  tenant: { name: string };
  templateVer: Pick<TemplateVersion, "title" | "body" | "translations" | "questions" | "variables" | "documentCode" | "publishedAt" | "changeNotes">;
};

/** What a consent's PDF is made of, with its institution's name and its template version's text. */
export async function documentRow(consentId: string): Promise<DocumentRow | undefined> {
  const [row] = await sqlRows<Omit<DocumentRow, "tenant" | "templateVer"> & { tenantName: string; title: string; body: string; translations: Prisma.JsonValue; questions: Prisma.JsonValue; templateVariables: Prisma.JsonValue; documentCode: string | null; publishedAt: Date; changeNotes: Prisma.JsonValue }>(Prisma.sql`
    SELECT ${documentColumns}, t.name AS "tenantName", v.title, v.body, v.translations, v.questions, v.variables AS "templateVariables", v.document_code AS "documentCode", v.published_at AS "publishedAt", v.change_notes AS "changeNotes"
    FROM consents c JOIN tenants t ON t.id = c.tenant_id JOIN template_versions v ON v.id = c.template_version_id
    WHERE c.id = ${consentId}`);
  if (!row) return undefined;
  const { tenantName, title, body, translations, questions, templateVariables, documentCode, publishedAt, changeNotes, ...consent } = row;
  return { ...consent, tenant: { name: tenantName }, templateVer: { title, body, translations, questions, variables: templateVariables, documentCode, publishedAt, changeNotes } };
}

/**
 * Claims the production of a signed consent's document: the failed attempts so far, or null when it
 * is not due (or already has one, or another step is under way).
 */
export async function claimDocument(consentId: string, at: Date, claim: StepClaim): Promise<number | null> {
  const [row] = await sqlRows<{ attempts: number }>(Prisma.sql`
    UPDATE consents SET ${claimAssignment(claim)}
    WHERE id = ${consentId} AND ${SIGNED} AND document_sha256 IS NULL AND purged_at IS NULL AND ${unclaimed(at)}
      AND (document_next_attempt_at IS NULL OR document_next_attempt_at <= ${at})
    RETURNING document_attempts AS attempts`);
  return row ? row.attempts : null;
}

export interface StoredDocument {
  documentSha256: string;
  documentKey: string;
  documentAt: Date;
  sealLevel: string | null;
  sealSigner: string | null;
  sealError: string;
  sealAttempts: number;
  sealNextAttemptAt: Date | null;
  tsStatus: "queued" | "none";
  tsNextAttemptAt: Date | null;
}

/** The first document on record, by the claim's holder: 1, or 0 when the claim is no longer its own. */
export function recordDocument(tx: Tx, consentId: string, token: string, d: StoredDocument): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...d, documentNextAttemptAt: null, ...RELEASED, updatedAt: new Date() })}
    WHERE id = ${consentId} AND document_sha256 IS NULL AND completion_claim = ${token}`);
}

/** A document that could not be produced: tried again at `next` (nothing when the claim is not `token`'s). */
export async function recordDocumentFailure(consentId: string, token: string, attempts: number, next: Date): Promise<number> {
  const { count } = await db().consent.updateMany({ where: { id: consentId, documentSha256: null, completionClaim: token }, data: { documentAttempts: attempts, documentNextAttemptAt: next, ...RELEASED } });
  return count;
}

/** Gives a claim up without a result (the step found nothing to do): the next caller need not wait out its lease. */
export async function releaseCompletionClaim(consentId: string, token: string): Promise<void> {
  await db().consent.updateMany({ where: { id: consentId, completionClaim: token }, data: RELEASED });
}

/** What a new attempt to seal replaces. */
interface ResealClaimed {
  documentSha256: string;
  documentKey: string | null;
  sealAttempts: number;
}

/** Claims a new attempt to seal a document stored unsealed; undefined when none is due (or a step is under way). */
export async function claimReseal(consentId: string, at: Date, claim: StepClaim): Promise<ResealClaimed | undefined> {
  const [row] = await sqlRows<ResealClaimed>(Prisma.sql`
    UPDATE consents SET ${claimAssignment(claim)}
    WHERE id = ${consentId} AND seal_level IS NULL AND seal_next_attempt_at <= ${at} AND document_sha256 IS NOT NULL
      AND purged_at IS NULL AND ${unclaimed(at)}
    RETURNING ${columnsAs("Consent", ["documentSha256", "documentKey", "sealAttempts"])}`);
  return row;
}

/** A failed new attempt to seal: when to try again (0 when the claim is no longer `token`'s). */
export function recordResealFailure(tx: Tx, consentId: string, token: string, f: { sealError: string; sealAttempts: number; sealNextAttemptAt: Date }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...f, ...RELEASED, updatedAt: new Date() })}
    WHERE id = ${consentId} AND completion_claim = ${token}`);
}

/**
 * The sealed file replaces the unsealed one (still `previousSha256`): the detached timestamp is taken
 * again over the new digest when timestamping is on. 0 when someone replaced it first or the claim is
 * no longer `token`'s.
 */
export function replaceDocument(
  tx: Tx,
  consentId: string,
  token: string,
  previousSha256: string,
  d: Pick<StoredDocument, "documentSha256" | "documentKey" | "sealLevel" | "sealSigner" | "sealError" | "sealAttempts" | "sealNextAttemptAt">,
  retimestampAt: Date | null,
): PromiseLike<number> {
  const ts = retimestampAt ? { tsStatus: "queued", tsNextAttemptAt: retimestampAt, tsAttempts: 0, tsError: "", tsToken: null, tsTime: null, tsSerial: null } : {};
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...d, supersededSha256: previousSha256, ...ts, ...RELEASED, updatedAt: new Date() })}
    WHERE id = ${consentId} AND document_sha256 = ${previousSha256} AND seal_level IS NULL AND completion_claim = ${token}`);
}

// ── The detached timestamp ───────────────────────────────────────────────────────────────────────

const claimedColumns = columnsAs("Consent", ["tenantId", "documentSha256", "tsAttempts", "tsStatus"]);

/**
 * Claims a consent's timestamp attempt (other callers skip it meanwhile) and returns what the attempt
 * needs, in one statement; undefined when it is not due: `queued` and its time has come (a manual
 * retry brings that time forward, markTimestampDue), and no other step under way. A purged (kurum)
 * record takes no more writes; the purge in turn waits out the lease.
 */
export async function claimTimestampAttempt(consentId: string, at: Date, claim: StepClaim) {
  const [row] = await sqlRows<{ tenantId: string; documentSha256: string; tsAttempts: number; tsStatus: string }>(Prisma.sql`
    UPDATE consents SET ${claimAssignment(claim)}
    WHERE id = ${consentId} AND document_sha256 IS NOT NULL AND purged_at IS NULL
      AND ts_status = 'queued' AND ts_next_attempt_at <= ${at} AND ${unclaimed(at)}
    RETURNING ${claimedColumns}`);
  return row;
}

/** Where a consent's timestamp stands, for a manual retry; undefined when it is not the tenant's. */
export async function timestampState(tenantId: string, consentId: string) {
  const [row] = await sqlRows<{ documentSha256: string | null; tsStatus: string; tsAttempts: number; tsError: string; purgedAt: Date | null }>(Prisma.sql`
    SELECT ${columnsAs("Consent", ["documentSha256", "tsStatus", "tsAttempts", "tsError", "purgedAt"])} FROM consents WHERE id = ${consentId} AND tenant_id = ${tenantId}`);
  return row;
}

/**
 * A manual retry (decisions §9): the timestamp attempt is due now, also after a `failed` cycle. Only
 * the schedule moves; an attempt under way keeps its claim. False when there is nothing to retry.
 */
export async function markTimestampDue(tenantId: string, consentId: string, at: Date): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    UPDATE consents SET ts_status = 'queued', ts_next_attempt_at = ${at}, updated_at = ${new Date()}
    WHERE id = ${consentId} AND tenant_id = ${tenantId} AND document_sha256 IS NOT NULL AND purged_at IS NULL
      AND ts_status IN ('queued', 'failed')
    RETURNING id`);
  return rows.length > 0;
}

/**
 * The token obtained over `digest`, by the claim's holder: the attempt counted, the cycle over. 0 when
 * the claim is no longer `token`'s or the document changed meanwhile (a renewal).
 */
export function recordTimestamp(tx: Tx, consentId: string, token: string, digest: string, t: { time: Date; serial: string; provider: string; token: Uint8Array }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { tsStatus: "ok", tsTime: t.time, tsSerial: t.serial, tsProvider: t.provider, tsToken: t.token, tsError: "", tsNextAttemptAt: null, ...RELEASED, updatedAt: new Date() })},
      ts_attempts = ts_attempts + 1
    WHERE id = ${consentId} AND completion_claim = ${token} AND document_sha256 = ${digest}`);
}

/**
 * A failed attempt: `queued` again at `next`, or `failed` when the schedule is spent (`next` null).
 * 0 when the claim is no longer `token`'s or the document changed meanwhile: then it changes nothing.
 */
export function recordTimestampFailure(tx: Tx, consentId: string, token: string, digest: string, f: { attempts: number; error: string; next: Date | null }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { tsAttempts: f.attempts, tsError: f.error, tsStatus: f.next ? "queued" : "failed", tsNextAttemptAt: f.next, ...RELEASED, updatedAt: new Date() })}
    WHERE id = ${consentId} AND completion_claim = ${token} AND document_sha256 = ${digest}`);
}

/** Timestamping switched off (TSA_DRIVER=none) while an attempt was queued. */
export async function recordTimestampingOff(consentId: string, token: string): Promise<void> {
  await db().consent.updateMany({ where: { id: consentId, completionClaim: token }, data: { tsStatus: "none", tsNextAttemptAt: null, ...RELEASED } });
}

// ── The withdrawal receipt (issue #51) ─────────────────────────────────────────────────────────────

/** Claims the production of a withdrawn consent's receipt: the failed attempts so far, or null when it is not due. */
export async function claimReceipt(consentId: string, at: Date, claim: StepClaim): Promise<number | null> {
  const [row] = await sqlRows<{ attempts: number }>(Prisma.sql`
    UPDATE consents SET ${claimAssignment(claim)}
    WHERE id = ${consentId} AND ${RECEIPT_DUE} AND ${unclaimed(at)}
      AND (receipt_next_attempt_at IS NULL OR receipt_next_attempt_at <= ${at})
    RETURNING receipt_attempts AS attempts`);
  return row ? row.attempts : null;
}

/** The receipt on record, by the claim's holder: 1, or 0 when the claim is no longer its own. */
export function recordReceipt(tx: Tx, consentId: string, token: string, r: { receiptSha256: string; receiptKey: string; receiptAt: Date }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...r, receiptNextAttemptAt: null, ...RELEASED, updatedAt: new Date() })}
    WHERE id = ${consentId} AND receipt_sha256 IS NULL AND completion_claim = ${token}`);
}

/** A receipt that could not be produced: tried again at `next` (nothing when the claim is not `token`'s). */
export async function recordReceiptFailure(consentId: string, token: string, attempts: number, next: Date): Promise<number> {
  const { count } = await db().consent.updateMany({ where: { id: consentId, receiptSha256: null, completionClaim: token }, data: { receiptAttempts: attempts, receiptNextAttemptAt: next, ...RELEASED } });
  return count;
}

const RECEIPT_FIELDS = ["tenantId", "status", "documentSha256", "templateCode", "templateVersion", "patientName", "approverType", "approverName", "approverRelation", "signedAt", "withdrawnAt", "withdrawReason"] as const;

export type ReceiptRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof RECEIPT_FIELDS)[number]]: true } }> & {
  tenantName: string;
  title: string;
  documentCode: string | null;
  publishedAt: Date;
};

/** What a withdrawal receipt is made of: the consent, its institution's name and its version's title. */
export async function receiptRow(consentId: string): Promise<ReceiptRow | undefined> {
  const [row] = await sqlRows<ReceiptRow>(Prisma.sql`
    SELECT ${columnsAs("Consent", RECEIPT_FIELDS, "c")}, t.name AS "tenantName", v.title, v.document_code AS "documentCode", v.published_at AS "publishedAt"
    FROM consents c JOIN tenants t ON t.id = c.tenant_id JOIN template_versions v ON v.id = c.template_version_id
    WHERE c.id = ${consentId}`);
  return row;
}

// ── The announcement ─────────────────────────────────────────────────────────────────────────────

export interface Announced {
  tenantId: string;
  status: string;
  /** set when the person withdrew before the announcement: consent.withdrawn waited for it */
  withdrawnAt: Date | null;
}

/**
 * consent.completed is announced once: the consent as it stands under the row lock for the caller
 * that announces it, undefined for any other (and while a step is under way).
 */
export async function markCompletionAnnounced(tx: Tx, consentId: string, at: Date): Promise<Announced | undefined> {
  const [row] = await tx.$queryRaw<Announced[]>(Prisma.sql`
    UPDATE consents SET completion_announced_at = ${at}, updated_at = ${new Date()}
    WHERE id = ${consentId} AND completion_announced_at IS NULL AND document_sha256 IS NOT NULL AND ts_status <> 'queued' AND ${unclaimed(at)}
    RETURNING ${columnsAs("Consent", ["tenantId", "status", "withdrawnAt"])}`);
  return row;
}

/** Whether consent.completed went out already (read under the caller's row lock, after its own update). */
export async function completionAnnounced(tx: Tx, consentId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ announced: boolean }[]>(Prisma.sql`SELECT completion_announced_at IS NOT NULL AS announced FROM consents WHERE id = ${consentId}`);
  return row?.announced ?? false;
}
