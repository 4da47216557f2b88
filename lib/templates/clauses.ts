// decisions §26: optional and required clauses (maddeler) of a template version, per language. The
// request shape (`kod`, `metin`, `zorunlu`) and the stored/served shape (`code`, `text`, `required`),
// like the questions' two shapes (questions.ts). Clauses are plain text, never HTML: the page and the
// PDF print them as text. Every language has the same codes; whether a clause is required is the
// Turkish clause's, so a translation can never make a required clause optional.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { LANGUAGES, TRANSLATION_LANGUAGES, type Language } from "@/lib/i18n/languages";
import { unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";
import { expected } from "@/lib/templates/variables";

export const MAX_CLAUSES = 20;
const MAX_CLAUSE_CHARS = 1000;
const CLAUSE_CODE_RE = /^[a-z0-9][a-z0-9_-]{0,39}$/i;

/** A type alias, not an interface, so that it stays assignable to Prisma's JSON input type. */
export type TemplateClause = { code: string; text: string; required: boolean };
export type StoredClauses = Partial<Record<Language, TemplateClause[]>>;
/** A clause as the person answered it: the consent object's `clauses` (decisions §26). */
export type AnsweredClause = TemplateClause & { accepted: boolean };

const clauseText = z
  .string(expected("metin"))
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .refine((s) => s !== "", "boş olamaz")
  .refine((s) => s.length <= MAX_CLAUSE_CHARS, `en çok ${MAX_CLAUSE_CHARS} karakter olmalı`)
  .superRefine((s, ctx) => {
    const chars = unprintableCharacters(s);
    if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
  });

function clauseInputSchema<Z extends z.ZodType<boolean | undefined>>(zorunlu: Z) {
  return z.object(
    {
      kod: z.string(expected("metin")).regex(CLAUSE_CODE_RE, "harf ya da rakamla başlamalı; yalnızca harf, rakam, - ve _ içermeli (en çok 40 karakter)"),
      metin: clauseText,
      zorunlu,
    },
    expected("nesne"),
  );
}

function clauseListSchema<Z extends z.ZodType<boolean | undefined>>(zorunlu: Z) {
  return z
    .array(clauseInputSchema(zorunlu), expected("dizi"))
    .max(MAX_CLAUSES, `en çok ${MAX_CLAUSES} madde olmalı`)
    .nullable()
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list?.forEach((c, i) => {
        const key = c.kod.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "kod"], message: "aynı kod iki kez yazılmış" });
        seen.add(key);
      });
    });
}

const flag = z.boolean(expected("true ya da false"));

/**
 * `maddeler`: 1–20 clauses; an empty list (or null) means none, which is how a PUT removes them.
 */
export const clausesInputSchema = clauseListSchema(flag.default(false))
  .transform((v): TemplateClause[] => (v ?? []).map((c) => ({ code: c.kod, text: c.metin, required: c.zorunlu })))
  .meta({
    description:
      "decisions §26: the clauses the person ticks, 1–20 items { kod (≤ 40 chars: letters, digits, - and _), metin (≤ 1000 chars, plain text), zorunlu (true: must be ticked to sign; default false) }. [] or null removes them.",
  });

/** A translation's clause: its `zorunlu` may be left out (it is the Turkish clause's) and, given, must agree. */
export type TranslatedClauseInput = { code: string; text: string; required?: boolean };

/** `ceviriler.<dil>.maddeler`: the Turkish clauses' codes, each once, in this language. */
export const translatedClausesInputSchema = clauseListSchema(flag.optional())
  .transform((v): TranslatedClauseInput[] => (v ?? []).map((c) => ({ code: c.kod, text: c.metin, ...(c.zorunlu === undefined ? {} : { required: c.zorunlu }) })))
  .meta({ description: "decisions §26: the translation of every Turkish clause (maddeler): the same codes, each { kod, metin, zorunlu? } (zorunlu, if given, must agree with the Turkish clause)" });

/** Whatever the JSON column holds, only well-formed clauses of known languages. */
export function parseStoredClauses(value: unknown): StoredClauses {
  const out: StoredClauses = {};
  if (!value || typeof value !== "object") return out;
  for (const language of LANGUAGES) {
    const list = (value as Record<string, unknown>)[language];
    if (!Array.isArray(list)) continue;
    const clauses: TemplateClause[] = [];
    for (const item of list.slice(0, MAX_CLAUSES)) {
      if (!item || typeof item !== "object") continue;
      const { code, text, required } = item as Record<string, unknown>;
      if (typeof code === "string" && typeof text === "string" && typeof required === "boolean") clauses.push({ code, text, required });
    }
    if (clauses.length) out[language] = clauses;
  }
  return out;
}

/** The clauses a consent in `language` shows: that language's own (the Turkish if, unexpectedly, it has none). */
export function clausesIn(language: Language, stored: unknown): TemplateClause[] {
  const all = parseStoredClauses(stored);
  return all[language] ?? all.tr ?? [];
}

type ClauseRequest = {
  maddeler?: TemplateClause[] | undefined;
  ceviriler?: Partial<Record<string, { maddeler?: TranslatedClauseInput[] | undefined } | null>> | undefined;
};

/** Clauses by language before checkClauses: a translation's `required` may still be missing. */
type DraftClauses = Partial<Record<Language, TranslatedClauseInput[]>>;

/**
 * The stored clauses by language: Turkish from `maddeler`, each translation's from
 * `ceviriler.<dil>.maddeler`; `current` supplies what the request leaves out (PUT), like questionsOf.
 * A translation's `required` is the Turkish clause's once checkClauses agreed them.
 */
export function clausesOf(input: ClauseRequest, current: StoredClauses = {}): DraftClauses {
  const out: DraftClauses = {};
  const tr = input.maddeler ?? current.tr ?? [];
  if (tr.length) out.tr = tr;
  for (const language of TRANSLATION_LANGUAGES) {
    const list = input.ceviriler ? (input.ceviriler[language]?.maddeler ?? []) : (current[language] ?? []);
    if (list.length) out[language] = list;
  }
  return out;
}

/**
 * A 422 naming `ceviriler.<dil>.maddeler` for a translation of the content whose clauses are not the
 * Turkish ones (the same codes), or disagree on `zorunlu`; translations not in `translated` (dropped)
 * are left out. Returns the clauses with each
 * translation's `required` taken from the Turkish clause and its order.
 */
export function checkClauses(clauses: DraftClauses, translated: readonly string[]): StoredClauses {
  const tr = (clauses.tr ?? []).map((c) => ({ code: c.code, text: c.text, required: c.required === true }));
  const errors: Record<string, string[]> = {};
  const out: StoredClauses = tr.length ? { tr } : {};
  for (const language of TRANSLATION_LANGUAGES) {
    if (!translated.includes(language)) continue;
    const list = clauses[language] ?? [];
    const field = `ceviriler.${language}.maddeler`;
    if (!tr.length && !list.length) continue;
    const codes = new Map(list.map((c) => [c.code, c]));
    const missing = tr.filter((c) => !codes.has(c.code)).map((c) => c.code);
    const extra = list.filter((c) => !tr.some((t) => t.code === c.code)).map((c) => c.code);
    if (missing.length || extra.length) {
      errors[field] = [
        [missing.length ? `eksik madde: ${missing.join(", ")}` : "", extra.length ? `Türkçede olmayan madde: ${extra.join(", ")}` : ""].filter(Boolean).join("; ") +
          " — çeviri, Türkçe maddelerin aynı kodlarını taşımalı",
      ];
      continue;
    }
    // zorunlu given in the translation and different from the Turkish clause's.
    const disagree = tr.filter((t) => { const r = codes.get(t.code)!.required; return r !== undefined && r !== t.required; });
    if (disagree.length) {
      errors[field] = [`zorunlu, Türkçe maddeyle aynı olmalı: ${disagree.map((c) => c.code).join(", ")}`];
      continue;
    }
    out[language] = tr.map((t) => ({ code: t.code, text: codes.get(t.code)!.text, required: t.required }));
  }
  if (Object.keys(errors).length) throw new AppError("validation_failed", undefined, errors);
  return out;
}

/** The consent object's `clauses` from what the consent stored at signing (null: not signed, or no clauses). */
export function parseAnsweredClauses(value: unknown): AnsweredClause[] | null {
  if (!Array.isArray(value)) return null;
  const out: AnsweredClause[] = [];
  for (const item of value.slice(0, MAX_CLAUSES)) {
    if (!item || typeof item !== "object") continue;
    const { code, text, required, accepted } = item as Record<string, unknown>;
    if (typeof code === "string" && typeof text === "string" && typeof required === "boolean" && typeof accepted === "boolean") out.push({ code, text, required, accepted });
  }
  return out.length ? out : null;
}
