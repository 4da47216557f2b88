// The template form's values as the API's request takes them, and the API's field names as the form
// calls its fields (template-form.tsx).
import { TRANSLATION_LANGUAGES, type Language } from "@/lib/i18n/languages";
import { questionsRequest, type QuestionFormValue } from "@/components/panel/question-editor";
import { translatedClausesRequest, type ClauseFormValue } from "@/components/panel/clause-editor";

type Texts = Record<string, { baslik: string; govde: string }>;
type ByLanguage<T> = Partial<Record<Language, T[]>>;

/**
 * The translations worth sending, each with its questions (decisions §22): a language with both
 * fields empty and no questions is not a translation.
 */
export function filledTranslations(all: Texts, sorular: ByLanguage<QuestionFormValue>, maddeler: ByLanguage<ClauseFormValue>) {
  const languages = TRANSLATION_LANGUAGES.filter((l) => {
    const v = all?.[l];
    return (v && (v.baslik.trim() !== "" || v.govde.trim() !== "")) || (sorular[l]?.length ?? 0) > 0;
  });
  return Object.fromEntries(
    languages.map((l) => [
      l,
      { baslik: all?.[l]?.baslik ?? "", govde: all?.[l]?.govde ?? "", sorular: questionsRequest(sorular[l]), maddeler: translatedClausesRequest(maddeler?.tr, maddeler?.[l]) },
    ]),
  );
}

/** A server field error's name as the form calls the field: questions live under sorular.<dil> here. */
export function formFieldName(name: string): string {
  // decisions §26: clauses live under maddeler.<dil> here too.
  const m = /^(?:maddeler|ceviriler\.(en|ar|de|ru|fr)\.maddeler)\.(\d+)\.(kod|metin|zorunlu)$/.exec(name);
  if (m) return `maddeler.${m[1] ?? "tr"}.${m[2]}.${m[3]}`;
  const q = /^(?:sorular|ceviriler\.(en|ar|de|ru|fr)\.sorular)\.(\d+)\.(.+)$/.exec(name);
  if (!q) return name;
  const rest = /^secenekler\.\d+$/.test(q[3]!) ? `${q[3]}.metin` : q[3];
  return `sorular.${q[1] ?? "tr"}.${q[2]}.${rest}`;
}

