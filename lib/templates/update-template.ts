// PUT /v1/templates/{kod}: edit the working copy; with `yayimla: true` publish it as a new version.
// A published version is never changed: consents point at it and hold its digest (spec "Versioning").
import { isUniqueViolation, transaction } from "@/lib/db";
import type { TemplateDetail } from "@/lib/contract/response-shapes";
import { AppError, parseOrThrow } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { now } from "@/lib/clock";
import { insertReconsentMarking } from "@/lib/db/reconsent";
import { templateAudioRows } from "@/lib/db/read-aloud";
import { publishTemplateVersion, templateRow, templateVersionRow, updateWorkingCopy, type TemplateDetailRow, type VersionDetailRow } from "@/lib/db/templates";
import { questionsOf, sanitizeGovde, sanitizeTranslations, updateTemplateSchema, type UpdateTemplateInput } from "@/lib/templates/template-schemas";
import { parseStoredQuestions, type StoredQuestions } from "@/lib/templates/questions";
import { checkClauses, clausesOf, parseStoredClauses, type StoredClauses } from "@/lib/templates/clauses";
import { describeLanguages, parseStoredTranslations, publishTranslations, type ChangeNotes, type StoredTranslations } from "@/lib/templates/translations";
import type { AudioRow } from "@/lib/db/read-aloud";
import type { Language, TranslationLanguage } from "@/lib/i18n/languages";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { serializeTemplateDetail } from "@/lib/templates/serialize-template";
import { readabilityOf } from "@/lib/templates/readability";

const MAX_ATTEMPTS = 3;

interface Content {
  title: string;
  category: string;
  type: string;
  bodyType: string;
  body: string;
  variables: TemplateVariable[];
  wetSignatureRequired: boolean;
  physicianCountersign: boolean;
  /** decisions §25 */
  documentCode: string | null;
  translations: StoredTranslations;
  /** decisions §22 */
  questions: StoredQuestions;
  /** decisions §26 */
  clauses: StoredClauses;
}

/** Title and body of each language: what decides whether a working copy differs from its version. */
function textsOf(t: StoredTranslations): string {
  return JSON.stringify(Object.entries(parseStoredTranslations(t)).map(([l, v]) => [l, v.title, v.body]));
}

function merge(current: TemplateDetailRow, input: UpdateTemplateInput, body: string | undefined, given: StoredTranslations | undefined): Content {
  const translations = given ?? parseStoredTranslations(current.translations);
  return {
    title: input.baslik ?? current.title,
    category: input.kategori ?? current.category,
    type: input.tur ?? current.type,
    bodyType: current.bodyType,
    body: body ?? current.body,
    variables: input.degiskenler ?? parseStoredVariables(current.variables),
    wetSignatureRequired: input.islak_imza ?? current.wetSignatureRequired,
    physicianCountersign: input.hekim_imzasi ?? current.physicianCountersign,
    documentCode: input.dokuman_kodu === undefined ? current.documentCode : input.dokuman_kodu,
    translations,
    questions: questionsOf(input, parseStoredQuestions(current.questions)),
    // decisions §26: every translation kept carries the Turkish clauses' codes
    clauses: checkClauses(clausesOf(input, parseStoredClauses(current.clauses)), Object.keys(translations)),
  };
}

function sameContent(a: Content, v: VersionDetailRow): boolean {
  return (
    a.title === v.title &&
    a.category === v.category &&
    a.type === v.type &&
    a.bodyType === v.bodyType &&
    a.body === v.body &&
    a.wetSignatureRequired === v.wetSignatureRequired &&
    a.physicianCountersign === v.physicianCountersign &&
    a.documentCode === v.documentCode &&
    textsOf(a.translations) === textsOf(parseStoredTranslations(v.translations)) &&
    JSON.stringify(a.questions) === JSON.stringify(parseStoredQuestions(v.questions)) &&
    JSON.stringify(a.clauses) === JSON.stringify(parseStoredClauses(v.clauses)) &&
    JSON.stringify(a.variables) === JSON.stringify(parseStoredVariables(v.variables))
  );
}

/**
 * decisions §26: a material change of the Turkish text is refused while a translation of the earlier
 * version is carried over unchanged: each must be updated or dropped explicitly (`ceviriler.<dil>: null`).
 */
function refuseStaleTranslations(previous: VersionDetailRow, content: Content, given: UpdateTemplateInput["ceviriler"]): void {
  if (content.body === previous.body) return;
  const before = parseStoredTranslations(previous.translations);
  const stale = (Object.keys(before) as TranslationLanguage[]).filter((l) => given?.[l] !== null && content.translations[l]?.body === before[l]!.body);
  const missing = (Object.keys(before) as TranslationLanguage[]).filter((l) => given !== undefined && given[l] === undefined && !content.translations[l]);
  const languages = [...stale, ...missing];
  if (languages.length) {
    throw new AppError("validation_failed", undefined, {
      ceviriler: [`Türkçe metin esaslı olarak değişti; önceki sürümün ${languages.join(", ")} çevirisi güncellenmeli ya da açıkça çıkarılmalı (ceviriler.<dil>: null).`],
    });
  }
}

/** decisions §26: the note of a material change, by language. */
function changeNotesOf(input: UpdateTemplateInput): ChangeNotes {
  const notes: ChangeNotes = input.degisiklik_notu ? { tr: input.degisiklik_notu } : {};
  for (const [language, t] of Object.entries(input.ceviriler ?? {})) if (t?.degisiklik_notu) notes[language as TranslationLanguage] = t.degisiklik_notu;
  return notes;
}

/** decisions §26: the languages whose recording was of a text the new version changed. */
function droppedRecordings(previous: VersionDetailRow | null, published: VersionDetailRow, audio: readonly AudioRow[]): Language[] {
  if (!previous) return [];
  const before = describeLanguages(previous.contentHash, previous.translations).content_hashes;
  const after = describeLanguages(published.contentHash, published.translations).content_hashes;
  return (Object.keys(before) as Language[]).filter((l) => after[l] !== before[l] && audio.some((a) => a.language === l && a.contentHash === before[l]));
}

/** Updates the tenant's template `code` from a request-shaped input (UpdateTemplateRequest), validated here. */
export async function updateTemplate(tenantId: string, code: string, request: unknown, actor: string): Promise<TemplateDetail> {
  const input = parseOrThrow(updateTemplateSchema, request);
  const notes = input.degisiklik_notu !== undefined || Object.values(input.ceviriler ?? {}).some((t) => t?.degisiklik_notu !== undefined);
  if (notes && !(input.yayimla && input.degisiklik === "esasli")) {
    throw new AppError("validation_failed", undefined, { degisiklik_notu: ["yalnızca yayimla: true ve degisiklik: esasli ile verilebilir"] });
  }
  const body = input.govde === undefined ? undefined : sanitizeGovde(input.govde);
  const translations = input.ceviriler === undefined ? undefined : sanitizeTranslations(input.ceviriler);

  // Optimistic concurrency: every write is conditional on the latestVersion and updatedAt that were
  // read, so two publishes cannot claim the same version and a merge never overwrites an edit it
  // did not see. The loser re-reads and merges again.
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await templateRow(tenantId, code);
    if (!current) throw new AppError("not_found", "Şablon bulunamadı.");
    const content = merge(current, input, body, translations);
    // decisions §23: what a write touches, and every publish, names only placeholders it can fill;
    // switching a template off (`aktif` alone) is never refused for the text it already holds.
    const touchesText = input.govde !== undefined || input.ceviriler !== undefined || input.degiskenler !== undefined;
    if (touchesText || input.yayimla) checkPlaceholders(content);
    const guard = { id: current.id, tenantId, latestVersion: current.latestVersion, updatedAt: current.updatedAt };
    // `aktif` is not part of a version: switching a template off must stop new consents at once.
    const active = input.aktif ?? current.active;

    if (input.yayimla) {
      const version = current.latestVersion + 1;
      const previous = current.latestVersion > 0 ? await templateVersionRow(tenantId, current.id, current.latestVersion) : null;
      const material = input.degisiklik === "esasli" && previous !== null;
      if (material) refuseStaleTranslations(previous, content, input.ceviriler);
      try {
        const result = await transaction(async (tx) => {
          const published = await publishTemplateVersion(tx, guard, content, active, {
            id: newId("tpv"),
            version,
            translations: publishTranslations(content.translations),
            contentHash: sha256Hex(content.body),
            publishedBy: actor,
            changeNotes: material ? changeNotesOf(input) : {},
            // issue #52: the score the editor showed, kept with the text it measured
            readability: readabilityOf(content.body)?.score ?? null,
          });
          if (!published) return null;
          // decisions §22: a material change asks the earlier versions' signers to re-consent. The
          // marking itself is background work (lib/consents/mark-reconsents.ts), recorded here so
          // that it happens exactly when this version does.
          if (input.degisiklik === "esasli" && version > 1) {
            await insertReconsentMarking(tx, { tenantId, templateId: current.id, version }, now());
          }
          return published;
        });
        if (result) {
          const audio = await templateAudioRows(tenantId, current.id);
          return { ...serializeTemplateDetail(result.template, result.published, audio), audio_dropped: droppedRecordings(previous, result.published, audio) };
        }
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      continue;
    }

    const published = current.latestVersion > 0 ? await templateVersionRow(tenantId, current.id, current.latestVersion) : null;
    // An edit that brings the working copy back to the published text leaves no draft behind.
    const hasDraft = !published || !sameContent(content, published);
    const template = await updateWorkingCopy(guard, content, active, hasDraft);
    if (template) return serializeTemplateDetail(template, published, await templateAudioRows(tenantId, current.id));
  }
  throw new AppError("invalid_state", "Şablon aynı anda başka bir istekle değiştirildi; isteği yineleyin.");
}
