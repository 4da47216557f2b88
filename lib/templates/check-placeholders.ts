// decisions §23: a template's texts name only placeholders it can fill — a declared variable or a
// built-in one (§5) — so no patient and no sealed PDF ever shows `{girisim_tarihi}` as written.
import { AppError } from "@/lib/errors";
import type { StoredTranslations } from "@/lib/templates/translations";
import { BUILTIN_PLACEHOLDERS, placeholdersIn } from "@/lib/templates/variables";

/** The placeholders of body that are neither declared nor built in, each once, in order. */
export function unknownPlaceholders(body: string, declared: readonly string[]): string[] {
  const known = new Set<string>([...BUILTIN_PLACEHOLDERS, ...declared]);
  return placeholdersIn(body).filter((name) => !known.has(name));
}

export function unknownPlaceholdersMessage(names: readonly string[]): string {
  return `tanımlanmamış yer tutucu: ${names.map((n) => `{${n}}`).join(", ")} — değişken olarak tanımlayın ya da metinden çıkarın`;
}

/** A 422 naming `govde` and each `ceviriler.<dil>.govde` whose text names an unknown placeholder. */
export function checkPlaceholders(content: { body: string; variables: readonly { name: string }[]; translations: StoredTranslations }): void {
  const declared = content.variables.map((v) => v.name);
  const errors: Record<string, string[]> = {};
  const texts: [string, string][] = [["govde", content.body]];
  for (const [language, t] of Object.entries(content.translations)) if (t) texts.push([`ceviriler.${language}.govde`, t.body]);
  for (const [field, body] of texts) {
    const unknown = unknownPlaceholders(body, declared);
    if (unknown.length) errors[field] = [unknownPlaceholdersMessage(unknown)];
  }
  if (Object.keys(errors).length) throw new AppError("validation_failed", undefined, errors);
}
