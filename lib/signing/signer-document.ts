// GET /s/{token}/document: the person's own copy of the document they signed, from the signing link.
// Only for the browser session that verified a code for this consent (decisions §15: nothing personal
// without the code). The signature's response comes after its document is stored, so the copy is
// normally there; when producing it failed (the background work retries it), the answer is 503.
// Each copy handed out is recorded (kopya_indirildi, decisions §19). A consent the physician
// countersigned later is completed after the person's session ended: a new code opens one again.
import { db, sqlTransaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired } from "@/lib/signing/require-session";

const DOCUMENT_RETRY_AFTER_S = 30;

export async function signerDocument(token: string, session: string | null, origin: EventOrigin): Promise<{ bytes: Buffer; filename: string }> {
  const c = await consentByTokenOrThrow(token);
  if (!(await hasVerifiedSession(db(), c.id, session, now()))) throw otpRequired();
  const row = await db().consent.findUnique({ where: { id: c.id }, select: { status: true, documentKey: true, documentSha256: true } });
  if (row?.status !== "completed" && row?.status !== "withdrawn") {
    throw new AppError("invalid_state", "Bu onam imzalanmadı; indirilecek bir belge yok.", undefined, { reason: "not_signed" });
  }
  const bytes = await readStoredDocument(c.id, row.documentKey, row.documentSha256);
  if (!bytes) throw new AppError("service_unavailable", "Belge hazırlanıyor; biraz sonra yeniden deneyin.", undefined, { retry_after: DOCUMENT_RETRY_AFTER_S });
  await sqlTransaction((tx) => appendEvent(tx, c.id, "kopya_indirildi", origin, now(), { sha256: row.documentSha256 }));
  return { bytes, filename: `${c.id}.pdf` };
}
