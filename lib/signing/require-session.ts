// Signing and declining have legal effect: both need a code verified by this very browser (decisions §7).
import { autocommit, type Tx } from "@/lib/db";
import { signedAtOf } from "@/lib/db/consent-reads";
import { lockSigningConsent, otpBySession } from "@/lib/db/signing";
import { now } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { SESSION_TTL_MS } from "@/lib/signing/otp-rules";

/** Whether a session verified at `verifiedAt` (null: none) still lasts at `at`. */
export function sessionLasts(verifiedAt: Date | null, at: Date): boolean {
  return verifiedAt !== null && at.getTime() - verifiedAt.getTime() < SESSION_TTL_MS;
}

/** The digest a browser session is stored under (null: no session). */
export function sessionHashOf(session: string | null): string | null {
  return session ? sha256Hex(session) : null;
}

/** When this browser's session for the consent was verified, if it still lasts. */
async function sessionVerifiedAt(tx: Tx, consentId: string, session: string | null, at: Date): Promise<Date | null> {
  const hash = sessionHashOf(session);
  if (!hash) return null;
  const otp = await otpBySession(tx, hash);
  return otp?.consentId === consentId && sessionLasts(otp.verifiedAt, at) ? otp.verifiedAt : null;
}

export async function hasVerifiedSession(tx: Tx, consentId: string, session: string | null, at: Date): Promise<boolean> {
  return (await sessionVerifiedAt(tx, consentId, session, at)) !== null;
}

/**
 * decisions §18: acting on a signed consent (withdrawing it) takes a code verified after the
 * signature; the session that signed is not enough.
 */
export async function hasSessionSince(tx: Tx, consentId: string, session: string | null, since: Date, at: Date): Promise<boolean> {
  const verifiedAt = await sessionVerifiedAt(tx, consentId, session, at);
  return verifiedAt !== null && verifiedAt > since;
}

/** For the signing page: may this browser see the consent's text and details (decisions §15)? */
export async function sessionMaySeeConsent(consentId: string, session: string | null): Promise<boolean> {
  return hasVerifiedSession(autocommit, consentId, session, now());
}

/**
 * For a signed consent's page: does this browser hold a session (its copy is within reach, §19), and
 * was it verified after the signature (it may withdraw without another code, §18)?
 */
export async function signerSessionOf(consentId: string, session: string | null): Promise<{ verified: boolean; sinceSignature: boolean }> {
  const verifiedAt = await sessionVerifiedAt(autocommit, consentId, session, now());
  if (!verifiedAt) return { verified: false, sinceSignature: false };
  const signedAt = await signedAtOf(consentId);
  return { verified: true, sinceSignature: !!signedAt && verifiedAt > signedAt };
}

export function otpRequired(): AppError {
  return new AppError("unauthorized", "Önce SMS ile gelen doğrulama kodunu girin.", undefined, { reason: "otp_required" });
}

/**
 * Inside the transaction of a signer's step: locks the consent and says what stands in the way —
 * "closed" first (a closed consent says so whoever asks), then "otp_required" — or, when nothing
 * does, the head of its evidence chain as the lock found it (one statement: issue #46).
 */
export async function lockAsSigner(
  tx: Tx,
  consent: { id: string; tenantId: string },
  session: string | null,
  at: Date,
): Promise<{ refused: "closed" | "otp_required" } | { refused: null; head: { count: number; hash: string | null } }> {
  const row = await lockSigningConsent(tx, consent.tenantId, consent.id, sessionHashOf(session));
  if (!row || row.status !== "sent" || row.expiresAt <= at) return { refused: "closed" };
  if (!sessionLasts(row.sessionVerifiedAt, at)) return { refused: "otp_required" };
  return { refused: null, head: { count: row.eventCount, hash: row.chainHead } };
}
