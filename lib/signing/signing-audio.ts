// GET /s/{token}/audio: the recording of the consent's text, for the browser whose code was verified
// (decisions §15: the text, and so its reading, only after otp_dogrulandi) while the consent is open.
// No recording for this consent's text: 404.
import { autocommit } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { assertOpen, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired } from "@/lib/signing/require-session";
import { signingRow } from "@/lib/db/signing";
import { consentRecordingRow } from "@/lib/audio/consent-recording";
import { readRecording, type Recording } from "@/lib/audio/read-recording";

export async function signingAudio(token: string, session: string | null): Promise<Recording> {
  const c = await consentByTokenOrThrow(token);
  const at = now();
  assertOpen(c, at);
  if (!(await hasVerifiedSession(autocommit, c.id, session, at))) throw otpRequired();
  const row = await consentRecordingRow(c.tenantId, c.id);
  if (!row) throw new AppError("not_found", "Bu onam metninin ses kaydı yok.");
  return readRecording(row);
}

/** For the signing page (a verified browser): whether the consent's text has a recording; without one no player, and no audio loads. */
export async function pageHasRecording(token: string): Promise<boolean> {
  const c = await signingRow(token);
  return !!c && (await consentRecordingRow(c.tenantId, c.id)) !== null;
}
