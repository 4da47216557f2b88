// decisions §17: the languages of consent texts and of the pages that show them. Turkish is the
// reference: every template has it (its body), and every message table has every Turkish key.
export const LANGUAGES = ["tr", "en", "ar", "de", "ru", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages a template translation may be given in: all but Turkish, which is the body itself. */
export const TRANSLATION_LANGUAGES = ["en", "ar", "de", "ru", "fr"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** The languages of the panel; the signing and verification pages speak all six. */
export type PanelLanguage = "tr" | "en";

export function isLanguage(v: unknown): v is Language {
  return typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);
}

/** A `?lang=` value (the first, when repeated) if the page offers it; Turkish otherwise. */
export function pickLanguage<L extends Language>(v: string | string[] | null | undefined, offered: readonly L[]): L | "tr" {
  const s = Array.isArray(v) ? v[0] : v;
  return offered.find((l) => l === s) ?? "tr";
}

/** Each language by its own name: language switches and tabs. */
export const NATIVE_NAMES: Record<Language, string> = { tr: "Türkçe", en: "English", ar: "العربية", de: "Deutsch", ru: "Русский", fr: "Français" };

/** Writing direction: Arabic is right-to-left, on the page and in the PDF. */
export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The reader's own language from a browser's Accept-Language (RFC 9110, e.g. `ar-SA,ar;q=0.9,en;q=0.8`):
 * the offered language of highest weight, by its primary subtag; null when none is offered. For pages
 * that have no consent to take a language from. At most the first 32 entries are read.
 */
export function acceptedLanguage<L extends Language>(header: string | null, offered: readonly L[]): L | null {
  let best: { lang: L; q: number } | null = null;
  for (const entry of (header ?? "").slice(0, 1024).split(",").slice(0, 32)) {
    const [range = "", ...params] = entry.trim().split(";");
    const lang = offered.find((l) => l === range.trim().toLowerCase().split("-")[0]);
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (lang && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? null;
}

/**
 * A left-to-right run (a phone number, an id, a code) set inside a sentence of any direction, between
 * Unicode's left-to-right isolate and its pop: "+90532*****33" stays itself in an Arabic sentence
 * instead of reading "33*****90532+" (issue #42).
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

