// The template's working copy (the draft while has_draft), which the panel's editor starts from;
// the API's detail describes the published version instead (decisions §5).
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { parseStoredTranslations, type StoredTranslations } from "@/lib/templates/translations";
import { parseStoredQuestions, type StoredQuestions } from "@/lib/templates/questions";

export interface TemplateWorkingCopy {
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
  active: boolean;
  hasDraft: boolean;
  latestVersion: number;
}

export async function getTemplateWorkingCopyOrThrow(tenantId: string, code: string): Promise<TemplateWorkingCopy> {
  const t = await db().template.findUnique({
    where: { tenantId_code: { tenantId, code } },
    select: { code: true, title: true, category: true, type: true, body: true, variables: true, translations: true, questions: true, active: true, hasDraft: true, latestVersion: true },
  });
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  return { ...t, variables: parseStoredVariables(t.variables), translations: parseStoredTranslations(t.translations), questions: parseStoredQuestions(t.questions) };
}
