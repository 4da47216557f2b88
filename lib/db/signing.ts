// The signing link: the consent behind a token, its codes and the caps counted from them.
import { Prisma, type OtpCode } from "@prisma/client";
import { sqlRows, type Tx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";

const SIGNING_FIELDS = [
  "id", "tenantId", "status", "expiresAt", "phone", "phoneMasked", "purgedAt", "interpreterName", "witnessName", "countersignRequired", "language", "reconsentRequired", "identityCheck",
] as const;
const signingColumns = columnsAs("Consent", SIGNING_FIELDS, "c");

type SigningRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof SIGNING_FIELDS)[number]]: true } }> & {
  tenant: { name: string; smsSender: string | null };
  /** when the browser session asked about (its digest) was verified for this consent; null without one */
  sessionVerifiedAt: Date | null;
  /** decisions §26: the version's clauses by language (the stored JSON), when asked for */
  clauses?: unknown;
};

/**
 * The consent behind a signing link token, with its institution's name and SMS sender name (issue
 * #42; null: the service's own): read by every step of the signing page, so a code's SMS needs no
 * second look-up. In the same statement, when asked: when the browser session whose digest is
 * `sessionHash` was verified for this consent, and the clauses of its template version (a signature
 * needs both, issue #46: one round trip instead of three).
 */
export async function signingRow(token: string, ask: { sessionHash?: string | null; clauses?: boolean } = {}): Promise<SigningRow | undefined> {
  const session = ask.sessionHash
    ? Prisma.sql`(SELECT o.verified_at FROM otp_codes o WHERE o.session_hash = ${ask.sessionHash} AND o.consent_id = c.id)`
    : Prisma.sql`NULL::timestamp`;
  const clauses = ask.clauses
    ? Prisma.sql`, (SELECT v.clauses FROM template_versions v WHERE v.id = c.template_version_id AND v.tenant_id = c.tenant_id) AS clauses`
    : Prisma.empty;
  const [row] = await sqlRows<Omit<SigningRow, "tenant"> & { tenantName: string; smsSender: string | null }>(Prisma.sql`
    SELECT ${signingColumns}, t.name AS "tenantName", b.sms_sender AS "smsSender", ${session} AS "sessionVerifiedAt"${clauses}
    FROM consents c JOIN tenants t ON t.id = c.tenant_id LEFT JOIN tenant_branding b ON b.tenant_id = c.tenant_id
    WHERE c.link_token = ${token}`);
  if (!row) return undefined;
  const { tenantName, smsSender, sessionVerifiedAt, ...consent } = row;
  return { ...consent, sessionVerifiedAt: sessionVerifiedAt && new Date(sessionVerifiedAt), tenant: { name: tenantName, smsSender } };
}

/**
 * Inside the transaction of a signer's step (sign, decline, listening, comprehension): locks the
 * consent's row and reads, in the same statement, what the step depends on: its state, its evidence
 * chain's head, and when the browser session whose digest is `sessionHash` was verified for it.
 */
export async function lockSigningConsent(tx: Tx, tenantId: string, id: string, sessionHash: string | null) {
  const [row] = await tx.$queryRaw<{ status: string; expiresAt: Date; eventCount: number; chainHead: string | null; sessionVerifiedAt: Date | null }[]>(Prisma.sql`
    SELECT c.status, c.expires_at AS "expiresAt", c.event_count AS "eventCount", c.chain_head AS "chainHead",
           (SELECT o.verified_at FROM otp_codes o WHERE o.session_hash = ${sessionHash} AND o.consent_id = c.id) AS "sessionVerifiedAt"
    FROM consents c WHERE c.id = ${id} AND c.tenant_id = ${tenantId} FOR UPDATE OF c`);
  return row && { ...row, expiresAt: new Date(row.expiresAt), sessionVerifiedAt: row.sessionVerifiedAt && new Date(row.sessionVerifiedAt) };
}

const otpColumns = columnsAs("OtpCode", ["id", "consentId", "codeHash", "attempts", "expiresAt", "verifiedAt", "createdAt"]);
type OtpRow = Pick<OtpCode, "id" | "consentId" | "codeHash" | "attempts" | "expiresAt" | "verifiedAt" | "createdAt">;

/** A consent's latest code. */
export async function latestOtp(tx: Tx, consentId: string): Promise<OtpRow | undefined> {
  const rows = await tx.$queryRaw<OtpRow[]>(Prisma.sql`SELECT ${otpColumns} FROM otp_codes WHERE consent_id = ${consentId} ORDER BY created_at DESC LIMIT 1`);
  return rows[0];
}

/** The code a browser session was opened with (its digest), if any. */
export async function otpBySession(tx: Tx, sessionHash: string): Promise<OtpRow | undefined> {
  const rows = await tx.$queryRaw<OtpRow[]>(Prisma.sql`SELECT ${otpColumns} FROM otp_codes WHERE session_hash = ${sessionHash}`);
  return rows[0];
}

/**
 * Issue #49: marks the session's copy download as recorded on `day`; 1 the first time that day (the
 * download goes into the evidence chain then), 0 after (two downloads racing: one records).
 */
export function markCopyRecorded(tx: Tx, consentId: string, sessionHash: string, day: string): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE otp_codes SET copy_recorded_on = ${day}
    WHERE session_hash = ${sessionHash} AND consent_id = ${consentId} AND copy_recorded_on IS DISTINCT FROM ${day}`);
}

export function insertOtp(tx: Tx, otp: Pick<OtpCode, "id" | "consentId" | "codeHash" | "expiresAt" | "createdAt">): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO otp_codes (id, consent_id, code_hash, expires_at, created_at)
    VALUES (${otp.id}, ${otp.consentId}, ${otp.codeHash}, ${otp.expiresAt}, ${otp.createdAt})`);
}

export function updateOtp(tx: Tx, id: string, values: Partial<Pick<OtpCode, "attempts" | "verifiedAt" | "sessionHash">>): PromiseLike<number> {
  return tx.$executeRaw(Prisma.sql`UPDATE otp_codes SET ${assignments("OtpCode", values)} WHERE id = ${id}`);
}

/**
 * The events from which a link's caps count anew: the consent's turns. A resend by the institution,
 * and the signature (the person's, and the physician's countersignature that completes it): a code
 * asked for afterwards (to withdraw, or for a copy) starts a new count, so entries made before the
 * signature cannot lock a completed consent's link, which no resend can open again; and the
 * institution lifting a completed consent's link lock (issue #49).
 */
const TURNS = Prisma.join(["yeniden_gonderildi", "imzalandi", "hekim_imzaladi", "link_kilidi_kaldirildi"]);

/**
 * What the caps on a link's codes are counted from (lib/signing/link-lock.ts), in one statement:
 * the codes since the consent's last turn (newest first, at most `limit`), with the `link_kilitlendi`
 * events recorded since that turn (how many, the last one's time). No codes: one row with a null code.
 * `afterLastLock`: count the codes from the last lock instead (a completed consent's link, whose
 * locks end by themselves: codes and wrong entries start again after one).
 */
export async function codesSinceResend(tx: Tx, consentId: string, limit: number, afterLastLock = false) {
  return tx.$queryRaw<{ createdAt: Date | null; attempts: number | null; locks: number; lockedAt: Date | null }[]>(Prisma.sql`
    WITH turn AS (
      SELECT COALESCE(
        (SELECT occurred_at FROM consent_events WHERE consent_id = ${consentId} AND event IN (${TURNS}) ORDER BY seq DESC LIMIT 1),
        'epoch'::timestamp) AS t
    ), locks AS (
      SELECT count(*)::int AS n, max(e.occurred_at) AS last
      FROM consent_events e, turn WHERE e.consent_id = ${consentId} AND e.event = 'link_kilitlendi' AND e.occurred_at >= turn.t
    ), since AS (
      SELECT CASE WHEN ${afterLastLock} AND locks.last IS NOT NULL THEN locks.last ELSE turn.t END AS t FROM turn, locks
    )
    SELECT o.created_at AS "createdAt", o.attempts, locks.n AS locks, locks.last AS "lockedAt"
    FROM since CROSS JOIN locks LEFT JOIN LATERAL (
      SELECT created_at, attempts FROM otp_codes WHERE consent_id = ${consentId} AND created_at >= since.t ORDER BY created_at DESC LIMIT ${limit}
    ) o ON TRUE`);
}

/** decisions §26: what the kiosk view needs of an in-person consent of the tenant (none: unknown or another tenant's). */
export async function kioskConsentRow(tenantId: string, id: string): Promise<{ id: string; linkToken: string; status: string; expiresAt: Date; identityCheck: string; patientName: string | null } | undefined> {
  const [row] = await sqlRows<{ id: string; linkToken: string; status: string; expiresAt: Date; identityCheck: string; patientName: string | null }>(Prisma.sql`
    SELECT id, link_token AS "linkToken", status, expires_at AS "expiresAt", identity_check AS "identityCheck", patient_name AS "patientName"
    FROM consents WHERE id = ${id} AND tenant_id = ${tenantId}`);
  return row && { ...row, expiresAt: new Date(row.expiresAt) };
}

/**
 * decisions §26: inside a transaction, a signing session opened by the staff member's confirmation
 * instead of a code: a code row that was never sent (its hash is of random bytes), verified at once.
 */
export async function insertKioskSession(tx: Tx, s: { id: string; consentId: string; codeHash: string; sessionHash: string; at: Date; staff: string }): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO otp_codes (id, consent_id, code_hash, expires_at, created_at, verified_at, session_hash)
    VALUES (${s.id}, ${s.consentId}, ${s.codeHash}, ${s.at}, ${s.at}, ${s.at}, ${s.sessionHash})`);
  await tx.$executeRaw(Prisma.sql`UPDATE consents SET identity_verified_by = ${s.staff}, updated_at = ${s.at} WHERE id = ${s.consentId}`);
}
