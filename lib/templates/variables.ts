// Variable contracts of a template: the request shape (`ad`, `etiket`, `tip`, `zorunlu`, `varsayilan`
// or its alias `default`)
// and the stored/served shape (`name`, `label`, `type`, `required`, `default?`), spec "Template detail".
import { z } from "zod";
import { parseCalendarDate } from "@/lib/time";

import { VARIABLE_TYPES, type VariableType } from "@/lib/contract/enums";

export { VARIABLE_TYPES, type VariableType };

/** A type alias, not an interface, so that it stays assignable to Prisma's JSON input type. */
export type TemplateVariable = {
  name: string;
  label: string;
  type: VariableType;
  required: boolean;
  /** present only when a default exists */
  default?: string;
};

/**
 * Filled from the consent itself (decisions §5) and never required in `degiskenler`. A template may
 * still declare one (to give it a label or a default): the consent's own value comes first.
 */
export const BUILTIN_PLACEHOLDERS = [
  "adsoyad",
  "tc_masked",
  "dogum_tarih",
  "hekim",
  "islem",
  "kurum",
  "tarih",
  "onaylayan_ad",
  "yakinlik",
  "hayvan_ad",
  "hayvan_tur",
] as const;

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER_RE = /\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;

const MAX_VARIABLES = 100;

/** A zod error option: "zorunlu alan" when the field is absent, "<what> olmalı" otherwise. */
export function expected(what: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? "zorunlu alan" : `${what} olmalı`) };
}

/** Whether value is acceptable for a variable of type: `sayi` like "12" or "12.5", `tarih` a real YYYY-MM-DD date. */
export function checkVariableValue(type: VariableType, value: string): boolean {
  switch (type) {
    case "metin":
      return true;
    case "sayi":
      return NUMBER_RE.test(value);
    case "tarih":
      return parseCalendarDate(value) !== null;
  }
}

const TYPE_MESSAGE: Record<VariableType, string> = {
  metin: "metin olmalı",
  sayi: "sayı olmalı (örneğin 12 ya da 12.5)",
  tarih: "YYYY-AA-GG biçiminde geçerli bir tarih olmalı",
};

/** Names of the `{name}` placeholders in body, each once, in order of first appearance. */
export function placeholdersIn(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER_RE)) names.add(m[1]!);
  return [...names];
}

const defaultValue = z
  .union([z.string(), z.number().finite()], { error: "metin olmalı" })
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v).trim() || undefined))
  // decisions §15: a default fills a variable, so it is held to a variable's 10 000 characters.
  .refine((v) => v === undefined || v.length <= 10_000, "en fazla 10000 karakter olmalı");

const variableInputSchema = z
  .object(
    {
      ad: z.string(expected("metin")).regex(NAME_RE, "harf ya da _ ile başlamalı; yalnızca harf, rakam ve _ içermeli (en çok 64 karakter)"),
      etiket: z.string(expected("metin")).trim().max(200, "en çok 200 karakter olmalı").nullish(),
      tip: z.enum(VARIABLE_TYPES, { error: "metin, sayi ya da tarih olmalı" }).default("metin"),
      zorunlu: z.boolean(expected("true ya da false")).default(false),
      // A number is accepted too: `"varsayilan": 12` is what a caller means by "12".
      varsayilan: defaultValue,
      // The served name of the same field (spec "Template detail"), accepted as its alias.
      default: defaultValue,
    },
    expected("nesne"),
  )
  .superRefine((v, ctx) => {
    // Also runs when a sibling field failed; then tip or varsayilan may still be the raw input.
    const typeOk = (VARIABLE_TYPES as readonly unknown[]).includes(v.tip);
    for (const field of ["varsayilan", "default"] as const) {
      const given = v[field];
      if (typeOk && typeof given === "string" && !checkVariableValue(v.tip, given)) {
        ctx.addIssue({ code: "custom", path: [field], message: TYPE_MESSAGE[v.tip] });
      }
    }
  })
  .transform((v): TemplateVariable => {
    const fallback = v.varsayilan ?? v.default;
    return { name: v.ad, label: v.etiket || v.ad, type: v.tip, required: v.zorunlu, ...(fallback !== undefined ? { default: fallback } : {}) };
  });

/**
 * The variable name of an array element. Zod still runs the array check when some element failed,
 * and such an element is the raw request item (`ad`), not the transformed one (`name`).
 */
function nameOf(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const { name, ad } = item as { name?: unknown; ad?: unknown };
  const n = typeof name === "string" ? name : ad;
  return typeof n === "string" && NAME_RE.test(n) ? n : undefined;
}

/** `degiskenler`: names unique within the template. */
export const variablesInputSchema = z
  .array(variableInputSchema, expected("dizi"))
  .max(MAX_VARIABLES, `en çok ${MAX_VARIABLES} değişken tanımlanabilir`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const name = nameOf(item);
      if (name === undefined) return;
      if (seen.has(name)) {
        ctx.addIssue({ code: "custom", path: [i, "ad"], message: `'${name}' adlı değişken birden fazla kez tanımlandı` });
      }
      seen.add(name);
    });
  });

/**
 * Reads the JSON column back into the served shape. PostgreSQL's jsonb does not keep key order,
 * so every object is rebuilt with the documented order; malformed entries are skipped.
 */
export function parseStoredVariables(json: unknown): TemplateVariable[] {
  if (!Array.isArray(json)) return [];
  const out: TemplateVariable[] = [];
  for (const item of json) {
    if (typeof item !== "object" || item === null) continue;
    const { name, label, type, required, default: def } = item as Record<string, unknown>;
    if (typeof name !== "string") continue;
    out.push({
      name,
      label: typeof label === "string" && label ? label : name,
      type: (VARIABLE_TYPES as readonly unknown[]).includes(type) ? (type as VariableType) : "metin",
      required: required === true,
      ...(typeof def === "string" ? { default: def } : {}),
    });
  }
  return out;
}
