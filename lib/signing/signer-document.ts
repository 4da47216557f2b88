// GET /s/{token}/document: the person's own copy of the document they signed, from the signing link.
// Only for the browser session that verified a code for this consent (decisions §15: nothing personal
// without the code); the document is produced a moment after the signature, so the request waits for
// it a few seconds before saying it is not ready yet.
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/api/errors";
import { fileStorage } from "@/lib/storage/file-storage";
import { consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired } from "@/lib/signing/require-session";

/** How long a request waits for a document still being produced (measured p50 ~0.1 s, ~1 s cold). */
const WAIT_MS = 5_000;
const POLL_MS = 200;
const DOCUMENT_RETRY_AFTER_S = 5;

export async function signerDocument(token: string, session: string | null): Promise<{ bytes: Buffer; filename: string }> {
  const c = await consentByTokenOrThrow(token);
  if (!(await hasVerifiedSession(db(), c.id, session, now()))) throw otpRequired();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const row = await db().consent.findUnique({ where: { id: c.id }, select: { status: true, documentKey: true } });
    if (row?.status !== "completed" && row?.status !== "withdrawn") {
      throw new AppError("invalid_state", "Bu onam imzalanmadı; indirilecek bir belge yok.", undefined, { reason: "not_signed" });
    }
    const bytes = row.documentKey ? await fileStorage().get(row.documentKey) : null;
    if (bytes) return { bytes, filename: `${c.id}.pdf` };
    if (Date.now() + POLL_MS > deadline) {
      throw new AppError("service_unavailable", "Belge hazırlanıyor; birkaç saniye sonra yeniden deneyin.", undefined, { retry_after: DOCUMENT_RETRY_AFTER_S });
    }
    await sleep(POLL_MS);
  }
}
