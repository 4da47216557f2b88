// GET /s/{token}/document: the person's own copy of the document they signed, from the signing link.
// Only for the browser session that verified a code for this consent (decisions §15: nothing personal
// without the code). The signature answers before its document exists (it is produced off the
// request): until it is stored the answer is 503 with a Retry-After, and the signing page waits for it
// through GET /s/{token}/document/status before it offers the link.
// A copy handed out is recorded (kopya_indirildi, decisions §19) once per session and day (issue #49):
// every download would grow the chain without bound and make the stored evidence report stale, to be
// rendered again (~5 s of the document thread) on its next request. A consent the physician
// countersigned later is completed after the person's session ended: a new code opens one again.
import { autocommit, transaction } from "@/lib/db";
import { signedDocumentRow } from "@/lib/db/consent-reads";
import { markCopyRecorded } from "@/lib/db/signing";
import { now } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/time";
import { AppError } from "@/lib/errors";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired } from "@/lib/signing/require-session";

const DOCUMENT_RETRY_AFTER_S = 30;

export async function signerDocument(token: string, session: string | null, origin: EventOrigin): Promise<{ bytes: Buffer; filename: string }> {
  const c = await consentByTokenOrThrow(token);
  if (!(await hasVerifiedSession(autocommit, c.id, session, now()))) throw otpRequired();
  const row = await signedDocumentRow(c.tenantId, c.id);
  if (row?.status !== "completed" && row?.status !== "withdrawn") {
    throw new AppError("invalid_state", "Bu onam imzalanmadı; indirilecek bir belge yok.", undefined, { reason: "not_signed" });
  }
  const bytes = await readStoredDocument(c.id, row.documentKey, row.documentSha256);
  if (!bytes) throw new AppError("service_unavailable", "Belge hazırlanıyor; biraz sonra yeniden deneyin.", undefined, { retry_after: DOCUMENT_RETRY_AFTER_S });
  const at = now();
  const day = formatDate(at, env().APP_TIMEZONE);
  await transaction(async (tx) => {
    // hasVerifiedSession above: `session` is a verified session of this consent.
    if ((await markCopyRecorded(tx, c.id, sha256Hex(session ?? ""), day)) === 1) {
      await appendEvent(tx, c.id, "kopya_indirildi", origin, at, { sha256: row.documentSha256 });
    }
  });
  return { bytes, filename: `${c.id}.pdf` };
}
