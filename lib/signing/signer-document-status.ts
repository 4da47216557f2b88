// GET /s/{token}/document/status: whether the person's copy of what they signed is ready. The signature
// answers before its document exists (the completion runs off the request, issue #46), so the signing
// page shows the document being prepared and asks this until it is there, then offers the download
// without a reload. For the session that verified a code, like the copy itself; nothing is recorded
// (only a copy handed out is, GET /s/{token}/document).
import { autocommit } from "@/lib/db";
import { signedDocumentRow } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired } from "@/lib/signing/require-session";

export async function signerDocumentStatus(token: string, session: string | null): Promise<{ ready: boolean }> {
  const c = await consentByTokenOrThrow(token);
  if (!(await hasVerifiedSession(autocommit, c.id, session, now()))) throw otpRequired();
  const row = await signedDocumentRow(c.tenantId, c.id);
  if (row?.status !== "completed" && row?.status !== "withdrawn") {
    throw new AppError("invalid_state", "Bu onam imzalanmadı; indirilecek bir belge yok.", undefined, { reason: "not_signed" });
  }
  return { ready: row.documentSha256 !== null && row.documentKey !== null };
}
