// POST /s/{token}/comprehension: the person's answers to the teach-back questions (decisions §22),
// graded here against the questions of the consent's version in the consent's language, recorded
// once on the consent with the evidence event `anlama_kontrolu`. The answers never block signing:
// this step may be skipped (an older page) and the signature still works, without a comprehension.
import { autocommit, transaction } from "@/lib/db";
import { recordComprehension } from "@/lib/db/consents";
import { comprehensionRow } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { AppError, parseOrThrow } from "@/lib/errors";
import { appendEvent } from "@/lib/evidence/append-event";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { isLanguage } from "@/lib/i18n/languages";
import { questionsIn } from "@/lib/templates/questions";
import {
  comprehensionRequestSchema,
  comprehensionSummary,
  gradeAnswers,
  type ComprehensionSummary,
} from "@/lib/consents/comprehension";
import { assertOpen, closedError, consentByTokenOrThrow } from "@/lib/signing/consent-by-token";
import { hasVerifiedSession, otpRequired, lockAsSigner } from "@/lib/signing/require-session";

async function questionsAndRecord(tenantId: string, id: string) {
  const row = await comprehensionRow(tenantId, id);
  if (!row) throw new AppError("not_found", "İmza bağlantısı bulunamadı.");
  return { questions: questionsIn(isLanguage(row.language) ? row.language : "tr", row.questions), recorded: comprehensionSummary(row.comprehension) };
}

export async function recordComprehensionAnswers(token: string, session: string | null, body: unknown, origin: EventOrigin): Promise<ComprehensionSummary> {
  const c = await consentByTokenOrThrow(token);
  const at = now();
  assertOpen(c, at);
  // The questions come with the text: only for a browser whose code was verified (decisions §15).
  if (!(await hasVerifiedSession(autocommit, c.id, session, at))) throw otpRequired();
  const { answers } = parseOrThrow(comprehensionRequestSchema, body);
  const { questions, recorded } = await questionsAndRecord(c.tenantId, c.id);
  if (questions.length === 0) {
    throw new AppError("invalid_state", "Bu onam için anlama kontrolü sorusu yok.", undefined, { reason: "no_questions" });
  }
  const graded = gradeAnswers(questions, answers);
  // A retry (a lost answer, a reload) gets what was recorded first: the first answers are the evidence.
  if (recorded) return recorded;
  const outcome = await transaction(async (tx) => {
    const { refused } = await lockAsSigner(tx, c, session, at);
    if (refused) return refused;
    if ((await recordComprehension(tx, c.tenantId, c.id, at, graded)) === 0) return "recorded" as const;
    await appendEvent(tx, c.id, "anlama_kontrolu", origin, at, { asked: graded.asked, first_try_correct: graded.first_try_correct, missed: graded.missed });
    return "new" as const;
  });
  if (outcome === "otp_required") throw otpRequired();
  if (outcome === "closed") throw closedError();
  if (outcome === "recorded") {
    // Another request of the same person got there first, under the row lock.
    const again = await questionsAndRecord(c.tenantId, c.id);
    if (again.recorded) return again.recorded;
  }
  return { asked: graded.asked, first_try_correct: graded.first_try_correct, flagged: graded.flagged };
}
