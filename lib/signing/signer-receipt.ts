// GET /s/{token}/receipt (and /status): the sealed withdrawal receipt ("Geri Çekme Tutanağı", issue #51)
// for the person who withdrew, from the signing link, beside their copy of the original. Only for a
// browser session that verified a code (decisions §15), like the copy. It is made off the request
// after the withdrawal: until it is stored the page waits for it through /status. A receipt handed
// out is recorded like the copy (kopya_indirildi, with the receipt's digest), once per session and day.
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

const RECEIPT_RETRY_AFTER_S = 5;

async function withdrawnRow(token: string, session: string | null) {
  const c = await consentByTokenOrThrow(token);
  if (!(await hasVerifiedSession(autocommit, c.id, session, now()))) throw otpRequired();
  const row = await signedDocumentRow(c.tenantId, c.id);
  if (row?.status !== "withdrawn") {
    throw new AppError("invalid_state", "Bu onam geri alınmadı; geri çekme tutanağı yok.", undefined, { reason: "not_withdrawn" });
  }
  return { id: c.id, row };
}

export async function signerReceiptStatus(token: string, session: string | null): Promise<{ ready: boolean }> {
  const { row } = await withdrawnRow(token, session);
  return { ready: row.receiptSha256 !== null && row.receiptKey !== null };
}

export async function signerReceipt(token: string, session: string | null, origin: EventOrigin): Promise<{ bytes: Buffer; filename: string }> {
  const { id, row } = await withdrawnRow(token, session);
  const bytes = await readStoredDocument(id, row.receiptKey, row.receiptSha256);
  if (!bytes) throw new AppError("service_unavailable", "Geri çekme tutanağı hazırlanıyor; biraz sonra yeniden deneyin.", undefined, { retry_after: RECEIPT_RETRY_AFTER_S });
  const at = now();
  // The copy's once-a-day mark, kept apart for the receipt (hasVerifiedSession above: `session` is verified).
  const day = `${formatDate(at, env().APP_TIMEZONE)} tutanak`;
  await transaction(async (tx) => {
    if ((await markCopyRecorded(tx, id, sha256Hex(session ?? ""), day)) === 1) {
      await appendEvent(tx, id, "kopya_indirildi", origin, at, { sha256: row.receiptSha256, belge: "geri_alma_tutanagi" });
    }
  });
  return { bytes, filename: `${id}-geri-cekme-tutanagi.pdf` };
}
