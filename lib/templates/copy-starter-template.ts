// The panel's "Kopyala" in the starter gallery (issue #52): a starter form becomes a new draft template
// of the tenant, under the form's code or, when the tenant already has it, the first free `<kod>-2`,
// `<kod>-3`, …. Validated and sanitized like any template (the team's text gets no shortcut), never
// published: the clinic reads and edits it first. Logged in the panel's action log with it.
import { isUniqueViolation, transaction } from "@/lib/db";
import { insertDraftTemplate, templateSummary } from "@/lib/db/templates";
import { AppError, parseOrThrow } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { createTemplateSchema, questionsOf, sanitizeGovde, sanitizeTranslations } from "@/lib/templates/template-schemas";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { checkClauses, clausesOf } from "@/lib/templates/clauses";
import { starterForm } from "@/lib/templates/starter/starter-forms";

/** Codes tried, at most: a clinic with twenty copies of one form has a different problem. */
const MAX_CODES = 20;

function candidate(base: string, n: number): string {
  return n === 1 ? base : `${base}-${n}`;
}

/** Copies starter form `kod` as a draft of the tenant; answers the new template's code. 404 for an unknown form. */
export async function copyStarterTemplate(tenantId: string, kod: string, actorId: string): Promise<{ code: string }> {
  const form = starterForm(kod);
  if (!form) throw new AppError("not_found", "Hazır form bulunamadı.");
  const { ozet: _summary, ...request } = form;
  const input = parseOrThrow(createTemplateSchema, { ...request, yayimla: false });
  const translations = sanitizeTranslations(input.ceviriler);
  const content = {
    title: input.baslik,
    category: input.kategori,
    type: input.tur,
    bodyType: "html",
    body: sanitizeGovde(input.govde),
    variables: input.degiskenler,
    wetSignatureRequired: input.islak_imza,
    physicianCountersign: input.hekim_imzasi,
    translations,
    questions: questionsOf(input),
    clauses: checkClauses(clausesOf(input), Object.keys(translations)),
    documentCode: null,
  };
  checkPlaceholders(content);

  for (let n = 1; n <= MAX_CODES; n++) {
    const code = candidate(form.kod, n);
    if (await templateSummary(tenantId, code)) continue;
    try {
      await transaction(async (tx) => {
        await insertDraftTemplate(tx, { id: newId("tpl"), tenantId, code, content });
        await recordPanelAction({ tenantId, actorId, action: "template.starter_copy", target: code, detail: { from: form.kod } }, tx);
      });
      return { code };
    } catch (err) {
      // Two copies at once: the unique (tenant, code) decides, and the loser takes the next code.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError("invalid_state", `Bu formun ${MAX_CODES} kopyası zaten var; var olan bir kopyayı düzenleyin.`);
}
