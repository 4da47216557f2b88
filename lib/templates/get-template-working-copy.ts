// The template's working copy (the draft while has_draft), which the panel's editor starts from;
// the API's detail describes the published version instead (decisions §5).
import { templateRow } from "@/lib/db/templates";
import { AppError } from "@/lib/errors";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { parseStoredTranslations, type StoredTranslations } from "@/lib/templates/translations";
import { parseStoredQuestions, type StoredQuestions } from "@/lib/templates/questions";
import { parseStoredClauses, type StoredClauses } from "@/lib/templates/clauses";

interface TemplateWorkingCopy {
  code: string;
  title: string;
  category: string;
  type: string;
  body: string;
  variables: TemplateVariable[];
  /** decisions §17: the working copy's translations */
  translations: StoredTranslations;
  /** decisions §22: the working copy's teach-back questions by language */
  questions: StoredQuestions;
  /** decisions §26: the working copy's clauses by language */
  clauses: StoredClauses;
  active: boolean;
  /** decisions §19: consents of it need the physician's countersignature by default */
  physicianCountersign: boolean;
  /** decisions §25: the SKS document code, null when none */
  documentCode: string | null;
  hasDraft: boolean;
  latestVersion: number;
}

export async function getTemplateWorkingCopyOrThrow(tenantId: string, code: string): Promise<TemplateWorkingCopy> {
  const t = await templateRow(tenantId, code);
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  return {
    code: t.code,
    title: t.title,
    category: t.category,
    type: t.type,
    body: t.body,
    variables: parseStoredVariables(t.variables),
    translations: parseStoredTranslations(t.translations),
    questions: parseStoredQuestions(t.questions),
    clauses: parseStoredClauses(t.clauses),
    active: t.active,
    physicianCountersign: t.physicianCountersign,
    documentCode: t.documentCode,
    hasDraft: t.hasDraft,
    latestVersion: t.latestVersion,
  };
}
