// Request contracts of POST and PUT /v1/templates. Unknown fields are stripped, not errors (decisions §1).
import { DomUtils, parseDocument } from "htmlparser2";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { isBlankHtml, sanitizeTemplateHtml } from "@/lib/templates/sanitize-template-html";
import { expected, variablesInputSchema } from "@/lib/templates/variables";
import { TRANSLATION_LANGUAGES } from "@/lib/i18n/languages";
import { htmlShapeProblem } from "@/lib/documents/html-limits";
import { unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";
import type { StoredTranslations } from "@/lib/templates/translations";
import { questionsInputSchema, type StoredQuestions } from "@/lib/templates/questions";
import { clausesInputSchema, translatedClausesInputSchema } from "@/lib/templates/clauses";

import { TEMPLATE_TYPES } from "@/lib/contract/enums";

export { TEMPLATE_TYPES };

/** decisions §22: what kind of change a publish is. */
const CHANGE_KINDS = ["esasli", "bicimsel"] as const;

export const TEMPLATE_CODE_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

/** A template's code (`kod`); also the duplicate's new code (duplicate-template.ts). */
export const templateCodeSchema = z
  .string(expected("metin"))
  .regex(TEMPLATE_CODE_RE, "harf ya da rakamla başlamalı; yalnızca harf, rakam, - ve _ içermeli (en çok 64 karakter)");
/** A title (`baslik`), Turkish or a translation's. */
export const templateTitleSchema = z
  .string(expected("metin"))
  .trim()
  .min(1, "boş olamaz")
  .max(200, "en çok 200 karakter olmalı")
  .superRefine((s, ctx) => {
    const chars = unprintableCharacters(s);
    if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
  });
/** decisions §25: the SKS document code printed in every page's header. */
const documentCode = z
  .string(expected("metin"))
  .trim()
  .max(40, "en çok 40 karakter olmalı")
  .superRefine((s, ctx) => {
    const chars = unprintableCharacters(s);
    if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
  })
  .transform((s) => (s === "" ? null : s))
  .meta({ description: "decisions §25: the SKS document code (doküman kodu) printed in every page's header of the consent's document; at most 40 characters" });
const category = z.string(expected("metin")).trim().min(1, "boş olamaz").max(100, "en çok 100 karakter olmalı");
/** decisions §15: the largest template body, in UTF-8 bytes. */
export const MAX_TEMPLATE_BODY_BYTES = 256 * 1024;
const body = z
  .string(expected("metin"))
  .refine((s) => s.trim() !== "", "boş olamaz")
  .refine((s) => Buffer.byteLength(s, "utf8") <= MAX_TEMPLATE_BODY_BYTES, "en fazla 256 KiB olmalı");
/** decisions §26: what a material change changed, in the person's words (1–1000 characters). */
const changeNote = z.string(expected("metin")).trim().min(1, "boş olamaz").max(1000, "en çok 1000 karakter olmalı");
/** decisions §17: `{ "<dil>": { baslik, govde } }`, each sanitized like the body and published with the version. */
const translations = z.partialRecord(
  z.enum(TRANSLATION_LANGUAGES, { error: `desteklenen çeviri dilleri: ${TRANSLATION_LANGUAGES.join(", ")} (tr, baslik ve govde'nin kendisidir)` }),
  // decisions §22: each translation carries its own teach-back questions (sorular), replaced with it.
  z
    .object({ baslik: templateTitleSchema, govde: body, sorular: questionsInputSchema.optional(), maddeler: translatedClausesInputSchema.optional(), degisiklik_notu: changeNote.optional() }, expected("nesne"))
    // decisions §26: null drops the language explicitly (a material change of the Turkish text must say so).
    .nullable(),
  expected("nesne"),
).meta({ description: "decisions §17: translations by language (en, ar, de, ru, fr), each sanitized like govde and published with the version; on PUT, replaces all translations (null: dropped, decisions §26)" });
const type = z.enum(TEMPLATE_TYPES, { error: "onam ya da aydinlatma olmalı" });
const flag = z.boolean(expected("true ya da false"));

export const createTemplateSchema = z.object({
  kod: templateCodeSchema,
  baslik: templateTitleSchema,
  kategori: category.default("genel"),
  govde: body,
  yayimla: flag.default(false),
  degiskenler: variablesInputSchema.default([]),
  tur: type.default("onam"),
  aktif: flag.default(true),
  islak_imza: flag.default(false),
  hekim_imzasi: flag.default(false).meta({ description: "decisions §19: consents of this version need the informing physician's countersignature (overridable per consent)" }),
  ceviriler: translations.default({}),
  sorular: questionsInputSchema.optional(),
  maddeler: clausesInputSchema.optional(),
  dokuman_kodu: documentCode.optional(),
});

/** PUT: the POST fields minus `kod`, all optional; only the given ones change. */
export const updateTemplateSchema = z.object({
  baslik: templateTitleSchema.optional(),
  kategori: category.optional(),
  govde: body.optional(),
  yayimla: flag.default(false),
  degiskenler: variablesInputSchema.optional(),
  tur: type.optional(),
  aktif: flag.optional(),
  islak_imza: flag.optional(),
  hekim_imzasi: flag.optional().meta({ description: "decisions §19: consents of this version need the informing physician's countersignature (overridable per consent)" }),
  ceviriler: translations.optional(),
  sorular: questionsInputSchema.optional(),
  maddeler: clausesInputSchema.optional(),
  dokuman_kodu: documentCode.nullable().optional(),
  degisiklik: z
    .enum(CHANGE_KINDS, { error: "esasli ya da bicimsel olmalı" })
    .default("bicimsel")
    .meta({
      description:
        "decisions §22, with yayimla: true: esasli (material) marks the completed consents of earlier versions reconsent_required (in the background) and sends consent.reconsent_required for each; bicimsel (formatting, the default) does not. Ignored without yayimla.",
    }),
  degisiklik_notu: changeNote.optional().meta({ description: "decisions §26, with yayimla: true and degisiklik: esasli: what changed, shown to the person above a re-consent's text and printed in its PDF (per translation: ceviriler.<dil>.degisiklik_notu)" }),
});

/** After validation and defaults: variables already in the stored shape. */
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;

/**
 * Sanitizes `govde`; a 422 on `govde` (or the translation's field) for a body with nothing left to
 * show (e.g. only a script), or with a character the document's font cannot draw: the PDF would show
 * a box where the person read a word, so the text is refused when written, not found out at signing.
 * So is a body nested too deep or with too many elements for its document to render (html-limits.ts).
 */
export function sanitizeGovde(html: string, field = "govde"): string {
  const shape = htmlShapeProblem(html);
  if (shape) throw new AppError("validation_failed", undefined, { [field]: [shape] });
  const clean = sanitizeTemplateHtml(html);
  if (isBlankHtml(clean)) {
    throw new AppError("validation_failed", undefined, { [field]: ["güvenli olmayan içerik temizlendikten sonra boş kaldı"] });
  }
  const chars = unprintableCharacters(DomUtils.textContent(parseDocument(clean, { decodeEntities: true })));
  if (chars.length) throw new AppError("validation_failed", undefined, { [field]: [unprintableMessage(chars)] });
  return clean;
}

/** The stored form of translations: sanitized bodies, in the order of TRANSLATION_LANGUAGES. */
export function sanitizeTranslations(input: NonNullable<UpdateTemplateInput["ceviriler"]>): StoredTranslations {
  const out: StoredTranslations = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const t = input[language];
    if (t) out[language] = { title: t.baslik, body: sanitizeGovde(t.govde, `ceviriler.${language}.govde`) };
  }
  return out;
}

/**
 * decisions §22: the stored questions by language. Turkish from `sorular`, each translation's from
 * `ceviriler.<dil>.sorular`; `current` supplies what the request leaves out (PUT): Turkish's when
 * `sorular` is absent, the translations' when `ceviriler` is absent (given, it replaces them all).
 */
export function questionsOf(input: Pick<UpdateTemplateInput, "sorular" | "ceviriler">, current: StoredQuestions = {}): StoredQuestions {
  const out: StoredQuestions = {};
  const tr = input.sorular ?? current.tr ?? [];
  if (tr.length) out.tr = tr;
  for (const language of TRANSLATION_LANGUAGES) {
    const q = input.ceviriler ? (input.ceviriler[language]?.sorular ?? []) : (current[language] ?? []);
    if (q.length) out[language] = q;
  }
  return out;
}
