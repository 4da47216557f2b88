// POST /s/{token}/listened: the page reports how much of the recording the person listened to (the
// share of it covered by playback, seeking past a part does not count it); decisions §22's evidence
// `metin_dinlendi { percent }`. The evidence chain must not be a counter a page can spin: a report is
// recorded only when it reaches a new step — the first one of 1 % or more, then 25, 50, 75 and 100 % —
// so a consent holds at most five such records whatever the page sends. Only while the consent is
// open, from the browser whose code was verified, and for a consent whose text has a recording.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { assertOpen, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { otpRequired, lockAsSigner } from "@/lib/signing/require-session";
import { consentRecordingRow } from "@/lib/audio/consent-recording";
import { listeningStep } from "@/lib/audio/listening-step";
import { bestListened } from "@/lib/audio/best-listened";

const listenedSchema = z.object({
  percent: z.number({ error: "0 ile 100 arasında bir sayı olmalı" }).min(0, "0 ile 100 arasında olmalı").max(100, "0 ile 100 arasında olmalı"),
});


export async function recordListening(token: string, session: string | null, body: unknown, origin: EventOrigin): Promise<{ recorded: boolean; percent: number }> {
  const percent = Math.floor(parseOrThrow(listenedSchema, body).percent);
  const c = await consentByTokenOrThrow(token);
  const at = now();
  assertOpen(c, at);
  if (!(await consentRecordingRow(c.tenantId, c.id))) throw new AppError("not_found", "Bu onam metninin ses kaydı yok.");
  return transaction(async (tx) => {
    const { refused: blocked } = await lockAsSigner(tx, c, session, at);
    if (blocked === "closed") throw closedError();
    if (blocked === "otp_required") throw otpRequired();
    const best = (await bestListened(tx, c.tenantId, c.id)) ?? 0;
    if (listeningStep(percent) <= listeningStep(best)) return { recorded: false, percent: best };
    await appendEvent(tx, c.id, "metin_dinlendi", origin, at, { percent });
    return { recorded: true, percent };
  });
}
