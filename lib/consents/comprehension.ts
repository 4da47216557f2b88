// decisions §22: how the person answered the teach-back questions. The page sends the option chosen
// first for each question and, after a wrong one, the option chosen once the explanation was shown;
// the server grades them against the version's questions (it never takes "correct" from the client).
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { TeachBackQuestion } from "@/lib/templates/questions";

/** One question's answers as recorded: the first choice, and the choice after the explanation (null: none). */
type RecordedAnswer = { first: number; second: number | null };

/** The consent's `comprehension` column. */
type StoredComprehension = {
  asked: number;
  first_try_correct: number;
  flagged: boolean;
  /** indexes (from 0) of the questions whose first answer was wrong */
  missed: number[];
  answers: RecordedAnswer[];
};

/** The consent object's `comprehension` (decisions §22). */
export type ComprehensionSummary = { asked: number; first_try_correct: number; flagged: boolean };

const MAX_ANSWERS = 10;
const index = z.number({ error: "sayı olmalı" }).int("tam sayı olmalı").min(0, "0 ya da daha büyük olmalı").max(4, "seçeneklerden birinin sırası olmalı");

/** POST /s/{token}/comprehension: `{ answers: [{ first, second? }] }`, one per question, in order. */
export const comprehensionRequestSchema = z.object({
  answers: z
    .array(z.object({ first: index, second: index.nullish().transform((v) => v ?? null) }, { error: "nesne olmalı" }), { error: "dizi olmalı" })
    .min(1, "en az bir cevap olmalı")
    .max(MAX_ANSWERS, `en çok ${MAX_ANSWERS} cevap olmalı`),
});

/**
 * Grades the answers against the questions: one answer per question, each index one of its options,
 * and a second answer only after a wrong first one. A mismatch is a 422 naming the field.
 */
export function gradeAnswers(questions: readonly TeachBackQuestion[], answers: readonly RecordedAnswer[]): StoredComprehension {
  if (answers.length !== questions.length) {
    throw new AppError("validation_failed", undefined, { answers: [`${questions.length} cevap olmalı (her soruya bir tane)`] });
  }
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
  const missed: number[] = [];
  questions.forEach((q, i) => {
    const a = answers[i]!;
    const range = `0–${q.options.length - 1} arasında olmalı`;
    if (a.first >= q.options.length) refuse(`answers.${i}.first`, range);
    if (a.second !== null && a.second >= q.options.length) refuse(`answers.${i}.second`, range);
    if (a.second !== null && a.first === q.correct) refuse(`answers.${i}.second`, "yalnızca yanlış bir ilk cevaptan sonra verilir");
    if (a.first !== q.correct) missed.push(i);
  });
  if (Object.keys(errors).length) throw new AppError("validation_failed", undefined, errors);
  return {
    asked: questions.length,
    first_try_correct: questions.length - missed.length,
    flagged: missed.length > 0,
    missed,
    answers: answers.map((a) => ({ first: a.first, second: a.second })),
  };
}

/** The column read back; null for anything that is not a recorded comprehension. */
function parseComprehension(value: unknown): StoredComprehension | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.asked !== "number" || typeof v.first_try_correct !== "number") return null;
  const missed = Array.isArray(v.missed) ? v.missed.filter((n): n is number => typeof n === "number") : [];
  const answers = Array.isArray(v.answers)
    ? v.answers.flatMap((a: unknown) => {
        const { first, second } = (a ?? {}) as Record<string, unknown>;
        return typeof first === "number" ? [{ first, second: typeof second === "number" ? second : null }] : [];
      })
    : [];
  return { asked: v.asked, first_try_correct: v.first_try_correct, flagged: missed.length > 0 || v.flagged === true, missed, answers };
}

/** The summary served on the consent object; null when no questions were answered. */
export function comprehensionSummary(value: unknown): ComprehensionSummary | null {
  const c = parseComprehension(value);
  return c && { asked: c.asked, first_try_correct: c.first_try_correct, flagged: c.flagged };
}

/** One question as the person met it: the question, the right option, and what they chose. */
type AnsweredQuestion = TeachBackQuestion & RecordedAnswer & { firstTryCorrect: boolean };

export type ComprehensionDetail = ComprehensionSummary & { missed: number[]; items: AnsweredQuestion[] };

/**
 * The recorded answers beside the questions they answered (the version's, in the consent's
 * language): what the physician (§19) and the PDF show. Null when nothing was recorded; an answer
 * without its question (never expected: versions are immutable) is left out.
 */
export function describeComprehension(recorded: unknown, questions: readonly TeachBackQuestion[]): ComprehensionDetail | null {
  const c = parseComprehension(recorded);
  if (!c) return null;
  const items = c.answers.flatMap((a, i) => {
    const q = questions[i];
    return q ? [{ ...q, ...a, firstTryCorrect: a.first === q.correct }] : [];
  });
  return { asked: c.asked, first_try_correct: c.first_try_correct, flagged: c.flagged, missed: c.missed, items };
}
