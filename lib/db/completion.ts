// The completion of a signed consent (lib/completion): its document, the document's seal, the
// detached timestamp and the announcement, as the consent row records them. Each step is claimed
// with a lease (a time in the future in its "next attempt" column), so that several instances, the
// signing request, the runner and an Inngest function never do one step twice at once; a process
// that dies mid-step leaves a lease that lapses.
import { Prisma, type TemplateVersion } from "@prisma/client";
import { db, sqlRows, type RawTx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";

/**
 * Consents whose signatures are all on record, and refusals put on record (decisions §19): each gets a
 * document. (A consent `signed` by the person waits for the physician's countersignature first.)
 */
const SIGNED = Prisma.sql`(status IN ('completed', 'withdrawn') OR (status = 'rejected' AND refused_by IS NOT NULL))`;

const STATE_FIELDS = [
  "tenantId", "status", "signedAt", "rejectedAt", "refusedBy", "purgedAt", "documentSha256", "documentKey", "documentAttempts", "documentNextAttemptAt",
  "sealLevel", "sealAttempts", "sealNextAttemptAt", "tsStatus", "tsAttempts", "tsNextAttemptAt", "completionAnnouncedAt",
] as const;
const stateColumns = columnsAs("Consent", STATE_FIELDS);

export type CompletionRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof STATE_FIELDS)[number]]: true } }>;

/** Where a consent's completion stands. */
export async function completionRow(consentId: string): Promise<CompletionRow | undefined> {
  const [row] = await sqlRows<CompletionRow>(Prisma.sql`SELECT ${stateColumns} FROM consents WHERE id = ${consentId}`);
  return row;
}

/**
 * Consents with a step due by `dueBy`, oldest first. A signature without a document counts only once
 * it is older than `documentsSignedBefore`: the signing request produces its own document right away.
 */
export async function dueCompletionIds(dueBy: Date, documentsSignedBefore: Date, limit: number): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(Prisma.sql`
    SELECT id FROM (
      (SELECT id, COALESCE(document_next_attempt_at, signed_at, rejected_at) AS due FROM consents
        WHERE ${SIGNED} AND completion_announced_at IS NULL AND purged_at IS NULL
          AND ((document_sha256 IS NULL AND COALESCE(signed_at, rejected_at) < ${documentsSignedBefore}
                AND (document_next_attempt_at IS NULL OR document_next_attempt_at <= ${dueBy}))
            OR (document_sha256 IS NOT NULL AND ts_status <> 'queued'))
        LIMIT ${limit})
      UNION
      (SELECT id, seal_next_attempt_at AS due FROM consents
        WHERE seal_next_attempt_at <= ${dueBy} AND seal_level IS NULL AND document_sha256 IS NOT NULL AND purged_at IS NULL
        LIMIT ${limit})
      UNION
      (SELECT id, ts_next_attempt_at AS due FROM consents
        WHERE ts_status = 'queued' AND ts_next_attempt_at <= ${dueBy}
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
  "rejectedAt", "rejectReason", "refusalWitness", "refusedBy",
  "comprehension",
] as const;
const documentColumns = columnsAs("Consent", DOCUMENT_FIELDS, "c");

export type DocumentRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof DOCUMENT_FIELDS)[number]]: true } }> & {
  tenant: { name: string };
  templateVer: Pick<TemplateVersion, "title" | "body" | "translations" | "questions">;
};

/** What a consent's PDF is made of, with its institution's name and its template version's text. */
export async function documentRow(consentId: string): Promise<DocumentRow | undefined> {
  const [row] = await sqlRows<Omit<DocumentRow, "tenant" | "templateVer"> & { tenantName: string; title: string; body: string; translations: Prisma.JsonValue; questions: Prisma.JsonValue }>(Prisma.sql`
    SELECT ${documentColumns}, t.name AS "tenantName", v.title, v.body, v.translations, v.questions
    FROM consents c JOIN tenants t ON t.id = c.tenant_id JOIN template_versions v ON v.id = c.template_version_id
    WHERE c.id = ${consentId}`);
  if (!row) return undefined;
  const { tenantName, title, body, translations, questions, ...consent } = row;
  return { ...consent, tenant: { name: tenantName }, templateVer: { title, body, translations, questions } };
}

/**
 * Claims the production of a signed consent's document until `leaseUntil`: the failed attempts so
 * far, or null when it is not due (or already has one).
 */
export async function claimDocument(consentId: string, at: Date, leaseUntil: Date): Promise<number | null> {
  const [row] = await sqlRows<{ attempts: number }>(Prisma.sql`
    UPDATE consents SET document_next_attempt_at = ${leaseUntil}
    WHERE id = ${consentId} AND ${SIGNED} AND document_sha256 IS NULL AND purged_at IS NULL
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

/** The first document on record (the claim's holder): 1, or 0 when one is already there. */
export function recordDocument(tx: RawTx, consentId: string, d: StoredDocument): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...d, documentNextAttemptAt: null, updatedAt: new Date() })}
    WHERE id = ${consentId} AND document_sha256 IS NULL`);
}

/** A document that could not be produced: tried again at `next`. */
export async function recordDocumentFailure(consentId: string, attempts: number, next: Date): Promise<void> {
  await db().consent.updateMany({ where: { id: consentId, documentSha256: null }, data: { documentAttempts: attempts, documentNextAttemptAt: next } });
}

/** Claims a new attempt to seal a document stored unsealed; false when none is due. */
export async function claimReseal(consentId: string, at: Date, leaseUntil: Date): Promise<boolean> {
  const { count } = await db().consent.updateMany({
    where: { id: consentId, sealLevel: null, sealNextAttemptAt: { lte: at }, documentSha256: { not: null }, purgedAt: null },
    data: { sealNextAttemptAt: leaseUntil },
  });
  return count > 0;
}

/** A failed new attempt to seal: when to try again. */
export function recordResealFailure(tx: RawTx, consentId: string, f: { sealError: string; sealAttempts: number; sealNextAttemptAt: Date }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE consents SET ${assignments("Consent", { ...f, updatedAt: new Date() })} WHERE id = ${consentId}`);
}

/**
 * The sealed file replaces the unsealed one (still `previousSha256`): the detached timestamp is taken
 * again over the new digest when timestamping is on. 0 when someone replaced it first.
 */
export function replaceDocument(
  tx: RawTx,
  consentId: string,
  previousSha256: string,
  d: Pick<StoredDocument, "documentSha256" | "documentKey" | "sealLevel" | "sealSigner" | "sealError" | "sealAttempts" | "sealNextAttemptAt">,
  retimestampAt: Date | null,
): PromiseLike<number> {
  const ts = retimestampAt ? { tsStatus: "queued", tsNextAttemptAt: retimestampAt, tsAttempts: 0, tsError: "", tsToken: null, tsTime: null, tsSerial: null } : {};
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { ...d, supersededSha256: previousSha256, ...ts, updatedAt: new Date() })}
    WHERE id = ${consentId} AND document_sha256 = ${previousSha256} AND seal_level IS NULL`);
}

// ── The detached timestamp ───────────────────────────────────────────────────────────────────────

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

/** The token obtained: the attempt counted, the cycle over. */
export function recordTimestamp(tx: RawTx, consentId: string, t: { time: Date; serial: string; provider: string; token: Uint8Array }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { tsStatus: "ok", tsTime: t.time, tsSerial: t.serial, tsProvider: t.provider, tsToken: t.token, tsError: "", tsNextAttemptAt: null, updatedAt: new Date() })},
      ts_attempts = ts_attempts + 1
    WHERE id = ${consentId}`);
}

/** A failed attempt: `queued` again at `next`, or `failed` when the schedule is spent (`next` null). */
export function recordTimestampFailure(tx: RawTx, consentId: string, f: { attempts: number; error: string; next: Date | null }): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET ${assignments("Consent", { tsAttempts: f.attempts, tsError: f.error, tsStatus: f.next ? "queued" : "failed", tsNextAttemptAt: f.next, updatedAt: new Date() })}
    WHERE id = ${consentId}`);
}

/** Timestamping switched off (TSA_DRIVER=none) while an attempt was queued. */
export async function recordTimestampingOff(consentId: string): Promise<void> {
  await db().consent.update({ where: { id: consentId }, data: { tsStatus: "none", tsNextAttemptAt: null } });
}

// ── The announcement ─────────────────────────────────────────────────────────────────────────────

/** consent.completed is announced once: 1 for the caller that announces it, 0 for any other. */
export function markCompletionAnnounced(tx: RawTx, consentId: string, at: Date): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE consents SET completion_announced_at = ${at}, updated_at = ${new Date()}
    WHERE id = ${consentId} AND completion_announced_at IS NULL AND document_sha256 IS NOT NULL AND ts_status <> 'queued'`);
}
