// The values a consent fills into its template version's variable contracts (decisions §2, §5).
import { AppError, type FieldErrors } from "@/lib/errors";
import { checkVariableValue, type TemplateVariable } from "@/lib/templates/variables";
import { formatDay } from "@/lib/i18n/format";
import type { Language } from "@/lib/i18n/languages";

/** The built-in placeholders that hold a calendar date (decisions §5). */
const BUILTIN_DATES = ["tarih", "dogum_tarih"] as const;

const TYPE_MESSAGE = { metin: "metin olmalı", sayi: "sayı olmalı (örneğin 12 ya da 12.5)", tarih: "YYYY-AA-GG biçiminde geçerli bir tarih olmalı" };

/**
 * One value per contract: the given one, else the default, else "" for an optional variable.
 * A required variable that is absent or empty → 422 missing_variables naming each; a value of the
 * wrong type → 422 validation_failed. Values of names the template does not declare are ignored.
 * A contract named like a built-in placeholder takes the consent's own value (`builtins`) and is
 * never required (decisions §5); the given value or default stand in only where that is empty.
 */
export function resolveVariables(
  contracts: readonly TemplateVariable[],
  given: Readonly<Record<string, string>>,
  builtins: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  const invalid: FieldErrors = {};
  for (const c of contracts) {
    const builtin = Object.hasOwn(builtins, c.name);
    if (builtin && builtins[c.name] !== "") {
      values[c.name] = builtins[c.name]!;
      continue;
    }
    const raw = Object.hasOwn(given, c.name) ? given[c.name]!.trim() : "";
    const value = raw !== "" ? raw : (c.default ?? "");
    if (value === "") {
      if (c.required && !builtin) missing.push(c.name);
    } else if (!checkVariableValue(c.type, value)) {
      invalid[`degiskenler.${c.name}`] = [TYPE_MESSAGE[c.type]];
    }
    values[c.name] = value;
  }
  if (missing.length) {
    throw new AppError(
      "missing_variables",
      `Şablonun zorunlu değişkenleri eksik: ${missing.join(", ")}.`,
      Object.fromEntries(missing.map((n) => [n, ["zorunlu değişken eksik"]])),
    );
  }
  if (Object.keys(invalid).length) throw new AppError("validation_failed", undefined, invalid);
  return values;
}

/**
 * The values as the text prints them (decisions §23, §25): every date — `{tarih}`, `{dogum_tarih}` and
 * each variable of type `tarih` — written the way people of the text's language read it (`dd.MM.yyyy`
 * in Turkish); the values kept and served stay `YYYY-MM-DD` (§1). Anything else as it is.
 */
export function printedValues(values: Readonly<Record<string, string>>, contracts: readonly TemplateVariable[], language: Language): Record<string, string> {
  const dates = new Set<string>([...BUILTIN_DATES, ...contracts.filter((c) => c.type === "tarih").map((c) => c.name)]);
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, dates.has(name) && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDay(v, language) : v]));
}
