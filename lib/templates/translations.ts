// decisions §17: a template's translations as stored (working copy and published versions), and the
// text of one language of a published version.
import { sha256Hex } from "@/lib/crypto";
import { LANGUAGES, TRANSLATION_LANGUAGES, type Language, type TranslationLanguage } from "@/lib/i18n/languages";

// A type, not an interface: Prisma's JSON input accepts it only with an implicit index signature.
type StoredTranslation = {
  title: string;
  body: string;
  /** set when published: the SHA-256 of body, like the version's content_hash */
  contentHash?: string;
};

export type StoredTranslations = Partial<Record<TranslationLanguage, StoredTranslation>>;

/** Whatever the JSON column holds, only well-formed entries of known languages. */
export function parseStoredTranslations(value: unknown): StoredTranslations {
  const out: StoredTranslations = {};
  if (!value || typeof value !== "object") return out;
  for (const language of TRANSLATION_LANGUAGES) {
    const t = (value as Record<string, unknown>)[language] as Partial<StoredTranslation> | undefined;
    if (t && typeof t.title === "string" && typeof t.body === "string") {
      out[language] = { title: t.title, body: t.body, ...(typeof t.contentHash === "string" ? { contentHash: t.contentHash } : {}) };
    }
  }
  return out;
}

/** The translations as published with a version: each with its digest. */
export function publishTranslations(t: StoredTranslations): StoredTranslations {
  return Object.fromEntries(Object.entries(t).map(([language, v]) => [language, { title: v.title, body: v.body, contentHash: sha256Hex(v.body) }]));
}

/** `languages` (tr first) and `content_hashes` of the template detail and list (decisions §17). */
export function describeLanguages(turkishHash: string, stored: unknown): { languages: Language[]; content_hashes: Partial<Record<Language, string>> } {
  const t = parseStoredTranslations(stored);
  const languages = LANGUAGES.filter((l) => l === "tr" || t[l as TranslationLanguage]);
  const content_hashes: Partial<Record<Language, string>> = { tr: turkishHash };
  for (const l of languages) if (l !== "tr") content_hashes[l] = t[l]!.contentHash ?? sha256Hex(t[l]!.body);
  return { languages, content_hashes };
}

/** The title and body of one language of a version; null when the version lacks it. */
export function textIn(language: Language, version: { title: string; body: string; translations: unknown }): { title: string; body: string } | null {
  if (language === "tr") return { title: version.title, body: version.body };
  const t = parseStoredTranslations(version.translations)[language];
  return t ? { title: t.title, body: t.body } : null;
}

/** decisions §26: a material change's note by language, as a version stores it. */
export type ChangeNotes = Partial<Record<Language, string>>;

/** Whatever the JSON column holds, only the notes of known languages. */
export function parseChangeNotes(value: unknown): ChangeNotes {
  const out: ChangeNotes = {};
  if (!value || typeof value !== "object") return out;
  for (const language of LANGUAGES) {
    const note = (value as Record<string, unknown>)[language];
    if (typeof note === "string" && note !== "") out[language] = note;
  }
  return out;
}
