// The signing link: the consent behind a token, its codes and the caps counted from them.
import { Prisma, type OtpCode } from "@prisma/client";
import { sqlRows, type Tx } from "@/lib/db";
import { assignments, columnsAs } from "@/lib/db/columns";

const SIGNING_FIELDS = [
  "id", "tenantId", "status", "expiresAt", "phone", "phoneMasked", "purgedAt", "interpreterName", "witnessName", "countersignRequired", "language", "reconsentRequired", "identityCheck",
] as const;
const signingColumns = columnsAs("Consent", SIGNING_FIELDS, "c");

type SigningRow = Prisma.ConsentGetPayload<{ select: { [K in (typeof SIGNING_FIELDS)[number]]: true } }> & { tenant: { name: string; smsSender: string | null } };

/**
 * The consent behind a signing link token, with its institution's name and SMS sender name (issue
 * #42; null: the service's own): read by every step of the signing page, so a code's SMS needs no
 * second look-up.
 */
export async function signingRow(token: string): Promise<SigningRow | undefined> {
  const [row] = await sqlRows<Omit<SigningRow, "tenant"> & { tenantName: string; smsSender: string | null }>(Prisma.sql`
    SELECT ${signingColumns}, t.name AS "tenantName", b.sms_sender AS "smsSender"
    FROM consents c JOIN tenants t ON t.id = c.tenant_id LEFT JOIN tenant_branding b ON b.tenant_id = c.tenant_id
    WHERE c.link_token = ${token}`);
  if (!row) return undefined;
  const { tenantName, smsSender, ...consent } = row;
  return { ...consent, tenant: { name: tenantName, smsSender } };
}

/** decisions §26: the clauses of the consent's template version, by language (the stored JSON). */
export async function signingClausesRow(tenantId: string, consentId: string): Promise<unknown> {
  const [row] = await sqlRows<{ clauses: unknown }>(Prisma.sql`
    SELECT v.clauses FROM consents c JOIN template_versions v ON v.id = c.template_version_id AND v.tenant_id = c.tenant_id
    WHERE c.id = ${consentId} AND c.tenant_id = ${tenantId}`);
  return row?.clauses ?? {};
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
