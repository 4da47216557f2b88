// decisions §22: teach-back questions of a template version, per language. The request shape
// (`soru`, `secenekler`, `dogru`, `aciklama`) and the stored/served shape (`question`, `options`,
// `correct`, `explanation`), like the variables' two shapes (variables.ts). Questions are plain text,
// never HTML: the page and the PDF print them as text.
import { z } from "zod";
import { LANGUAGES, type Language } from "@/lib/i18n/languages";
import { unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";
import { expected } from "@/lib/templates/variables";

export const MAX_QUESTIONS = 10;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 5;
const MAX_QUESTION_CHARS = 500;
const MAX_OPTION_CHARS = 200;
const MAX_EXPLANATION_CHARS = 1000;

/** A type alias, not an interface, so that it stays assignable to Prisma's JSON input type. */
export type TeachBackQuestion = {
  question: string;
  options: string[];
  /** the index (from 0) of the right option */
  correct: number;
  /** shown after a wrong answer; present only when given */
  explanation?: string;
};

export type StoredQuestions = Partial<Record<Language, TeachBackQuestion[]>>;

/** One line of text: trimmed, runs of whitespace (newlines included) made one space, printable in the PDF. */
function line(max: number) {
  return z
    .string(expected("metin"))
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .refine((s) => s !== "", "boş olamaz")
    .refine((s) => s.length <= max, `en çok ${max} karakter olmalı`)
    .superRefine((s, ctx) => {
      const chars = unprintableCharacters(s);
      if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
    });
}

const questionInputSchema = z
  .object(
    {
      soru: line(MAX_QUESTION_CHARS),
      secenekler: z
        .array(line(MAX_OPTION_CHARS), expected("dizi"))
        .min(MIN_OPTIONS, `en az ${MIN_OPTIONS} seçenek olmalı`)
        .max(MAX_OPTIONS, `en çok ${MAX_OPTIONS} seçenek olmalı`),
      dogru: z.number(expected("sayı")).int("tam sayı olmalı").min(0, "0 ya da daha büyük olmalı"),
      aciklama: line(MAX_EXPLANATION_CHARS).nullish(),
    },
    expected("nesne"),
  )
  .superRefine((q, ctx) => {
    // Also runs when a sibling failed: then secenekler or dogru may be the raw input.
    if (!Array.isArray(q.secenekler) || typeof q.dogru !== "number") return;
    if (q.secenekler.length >= MIN_OPTIONS && q.dogru >= q.secenekler.length) {
      ctx.addIssue({ code: "custom", path: ["dogru"], message: `seçeneklerden birinin sırası olmalı (0–${q.secenekler.length - 1})` });
    }
    const seen = new Set<string>();
    q.secenekler.forEach((o, i) => {
      if (typeof o !== "string") return;
      const key = o.toLocaleLowerCase("tr");
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["secenekler", i], message: "aynı seçenek iki kez yazılmış" });
      seen.add(key);
    });
  })
  .transform(
    (q): TeachBackQuestion => ({ question: q.soru, options: q.secenekler, correct: q.dogru, ...(q.aciklama ? { explanation: q.aciklama } : {}) }),
  );

/**
 * `sorular`: 1–10 questions; an empty list (or null) means none, which is how a PUT removes them.
 */
export const questionsInputSchema = z
  .array(questionInputSchema, expected("dizi"))
  .max(MAX_QUESTIONS, `en çok ${MAX_QUESTIONS} soru olmalı`)
  .nullable()
  .transform((v) => v ?? [])
  .meta({
    description:
      "decisions §22: teach-back questions in this language, 1–10 items { soru (≤ 500 chars), secenekler (2–5 options, each ≤ 200 chars), dogru (index of the right option, from 0), aciklama? (≤ 1000 chars, shown after a wrong answer) }; plain text. [] or null removes them.",
  });

/** Whatever the JSON column holds, only well-formed questions of known languages, in the served shape. */
export function parseStoredQuestions(value: unknown): StoredQuestions {
  const out: StoredQuestions = {};
  if (!value || typeof value !== "object") return out;
  for (const language of LANGUAGES) {
    const list = (value as Record<string, unknown>)[language];
    if (!Array.isArray(list)) continue;
    const questions: TeachBackQuestion[] = [];
    for (const item of list) {
      if (!item || typeof item !== "object") continue;
      const { question, options, correct, explanation } = item as Record<string, unknown>;
      if (typeof question !== "string" || !Array.isArray(options) || !options.every((o) => typeof o === "string")) continue;
      if (typeof correct !== "number" || !Number.isInteger(correct) || correct < 0 || correct >= options.length) continue;
      questions.push({ question, options: options as string[], correct, ...(typeof explanation === "string" ? { explanation } : {}) });
    }
    if (questions.length) out[language] = questions;
  }
  return out;
}

/** The questions a consent in `language` is asked: that language's own, never another's (the person may not read it). */
export function questionsIn(language: Language, stored: unknown): TeachBackQuestion[] {
  return parseStoredQuestions(stored)[language] ?? [];
}

/** `questions` of the template detail: the number of questions of each of the version's languages (0 when none). */
export function countQuestions(languages: readonly Language[], stored: unknown): Partial<Record<Language, number>> {
  const q = parseStoredQuestions(stored);
  return Object.fromEntries(languages.map((l) => [l, q[l]?.length ?? 0]));
}
