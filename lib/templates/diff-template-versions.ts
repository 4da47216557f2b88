// Two published versions of a template compared (issue #42): what the person reads (each language's
// title and text, word by word), the HTML behind it (line by line), the variables, the teach-back
// questions and the version's other fields. Read-only; versions never change (decisions §5).
import { z } from "zod";
import { templateSummary, templateVersionRows } from "@/lib/db/templates";
import { env } from "@/lib/env";
import { AppError, parseOrThrow } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";
import { LANGUAGES, type Language } from "@/lib/i18n/languages";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { parseStoredQuestions, type TeachBackQuestion } from "@/lib/templates/questions";
import { textIn } from "@/lib/templates/translations";
import { htmlLines, templateText } from "@/lib/templates/template-text";
import { diffTextLines, diffTextWords, hasChanges, type DiffPart } from "@/lib/templates/diff-text";

const versionNumber = (which: string) =>
  z.coerce
    .number({ error: `karşılaştırılacak ${which} sürümü seçin` })
    .int(`${which} sürüm bir tam sayı olmalı`)
    .min(1, `${which} sürüm 1 ya da daha büyük olmalı`)
    .max(2_147_483_647, `${which} sürüm çok büyük`);

/** `?a=&b=` of the diff page: two different version numbers. */
const versionPairSchema = z
  .object({
    a: z.preprocess((v) => (v === "" ? undefined : v), versionNumber("eski")),
    b: z.preprocess((v) => (v === "" ? undefined : v), versionNumber("yeni")),
  })
  .refine((p) => p.a !== p.b, { path: ["b"], message: "iki farklı sürüm seçin" });

interface VersionSide {
  version: number;
  title: string;
  publishedAt: string;
  contentHash: string;
}

export type FieldName = "category" | "type" | "wetSignatureRequired" | "physicianCountersign";

export interface VariableChange {
  kind: "added" | "removed" | "changed";
  name: string;
  from?: TemplateVariable;
  to?: TemplateVariable;
}

export interface TextChange {
  language: Language;
  /** in a only (removed), in b only (added), in both */
  presence: "both" | "added" | "removed";
  title: DiffPart[];
  /** the readable text, word by word */
  text: DiffPart[];
  /** the stored HTML, line by line */
  html: DiffPart[];
  changed: boolean;
}

export interface TemplateVersionDiff {
  code: string;
  a: VersionSide;
  b: VersionSide;
  fields: { field: FieldName; from: string | boolean; to: string | boolean }[];
  variables: VariableChange[];
  /** Turkish first, then each translation in either version */
  texts: TextChange[];
  /** the teach-back questions of each language whose questions differ, as text lines */
  questions: { language: Language; diff: DiffPart[] }[];
}

/** The questions as lines of text: the right option marked ✓, the others ○, the explanation after —. */
function questionLines(questions: readonly TeachBackQuestion[]): string {
  return questions
    .flatMap((q, i) => [`${i + 1}. ${q.question}`, ...q.options.map((o, j) => `   ${j === q.correct ? "✓" : "○"} ${o}`), ...(q.explanation ? [`   — ${q.explanation}`] : [])])
    .map((l) => `${l}\n`)
    .join("");
}

/** Variables added, removed or changed (label, type, required, default), by name, in b's order then a's. */
function variableChanges(a: readonly TemplateVariable[], b: readonly TemplateVariable[]): VariableChange[] {
  const before = new Map(a.map((v) => [v.name, v]));
  const after = new Map(b.map((v) => [v.name, v]));
  const out: VariableChange[] = [];
  for (const to of b) {
    const from = before.get(to.name);
    if (!from) out.push({ kind: "added", name: to.name, to });
    else if (JSON.stringify([from.label, from.type, from.required, from.default ?? null]) !== JSON.stringify([to.label, to.type, to.required, to.default ?? null])) {
      out.push({ kind: "changed", name: to.name, from, to });
    }
  }
  for (const from of a) if (!after.has(from.name)) out.push({ kind: "removed", name: from.name, from });
  return out;
}

type VersionRow = { title: string; body: string; translations: unknown };

function textChange(language: Language, a: VersionRow, b: VersionRow): TextChange | null {
  const x = textIn(language, a);
  const y = textIn(language, b);
  if (!x && !y) return null;
  const title = diffTextWords(x?.title ?? "", y?.title ?? "");
  const text = diffTextWords(templateText(x?.body ?? ""), templateText(y?.body ?? ""));
  const html = diffTextLines(x ? `${htmlLines(x.body)}\n` : "", y ? `${htmlLines(y.body)}\n` : "");
  const presence = x && y ? "both" : y ? "added" : "removed";
  return { language, presence, title, text, html, changed: presence !== "both" || hasChanges(title) || hasChanges(html) };
}

/**
 * Versions `a` and `b` (`?a=&b=`, validated here) of the tenant's template `code`, compared from a to b.
 * 404 for a template the tenant lacks; 422 naming `a` or `b` for a version it never published.
 */
export async function diffTemplateVersions(tenantId: string, code: string, query: unknown): Promise<TemplateVersionDiff> {
  const pair = parseOrThrow(versionPairSchema, query);
  const template = await templateSummary(tenantId, code);
  if (!template) throw new AppError("not_found", "Şablon bulunamadı.");
  const rows = await templateVersionRows(tenantId, template.id, [pair.a, pair.b]);
  const a = rows.find((r) => r.version === pair.a);
  const b = rows.find((r) => r.version === pair.b);
  const range = template.latestVersion > 0 ? `bu şablonun sürümleri 1–${template.latestVersion}` : "bu şablonun yayımlanmış sürümü yok";
  const missing = { ...(a ? {} : { a: [`sürüm ${pair.a} yok; ${range}`] }), ...(b ? {} : { b: [`sürüm ${pair.b} yok; ${range}`] }) };
  if (!a || !b) throw new AppError("validation_failed", undefined, missing);

  const side = (v: typeof a): VersionSide => ({ version: v.version, title: v.title, publishedAt: formatDateTime(v.publishedAt, env().APP_TIMEZONE), contentHash: v.contentHash });
  const fields = (["category", "type", "wetSignatureRequired", "physicianCountersign"] as const)
    .filter((f) => a[f] !== b[f])
    .map((field) => ({ field, from: a[field], to: b[field] }));
  const qa = parseStoredQuestions(a.questions);
  const qb = parseStoredQuestions(b.questions);
  return {
    code,
    a: side(a),
    b: side(b),
    fields,
    variables: variableChanges(parseStoredVariables(a.variables), parseStoredVariables(b.variables)),
    texts: LANGUAGES.map((l) => textChange(l, a, b)).filter((t): t is TextChange => t !== null),
    questions: LANGUAGES.map((language) => ({ language, diff: diffTextLines(questionLines(qa[language] ?? []), questionLines(qb[language] ?? [])) })).filter((q) => hasChanges(q.diff)),
  };
}
