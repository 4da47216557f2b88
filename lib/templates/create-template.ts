// POST /v1/templates: a new template of the tenant, published as version 1 when `yayimla` is true.
import { isUniqueViolation } from "@/lib/db";
import { insertTemplate, templateSummary } from "@/lib/db/templates";
import type { TemplateDetail } from "@/lib/contract/response-shapes";
import { AppError, parseOrThrow } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { createTemplateSchema, questionsOf, sanitizeGovde, sanitizeTranslations } from "@/lib/templates/template-schemas";
import { publishTranslations } from "@/lib/templates/translations";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { serializeTemplateDetail } from "@/lib/templates/serialize-template";
import { readabilityOf } from "@/lib/templates/readability";
import { checkClauses, clausesOf } from "@/lib/templates/clauses";

function codeTaken(code: string): AppError {
  return new AppError("invalid_state", `'${code}' kodlu bir şablon zaten var; değiştirmek için PUT kullanın.`);
}

/**
 * Creates the tenant's template from a request-shaped input (`kod`, `baslik`, `govde`, ...; see
 * CreateTemplateRequest), validated here so every caller (API, panel, first-run seed) gets the same rules.
 */
export async function createTemplate(tenantId: string, request: unknown, actor: string): Promise<TemplateDetail> {
  const input = parseOrThrow(createTemplateSchema, request);
  const body = sanitizeGovde(input.govde);
  const translations = sanitizeTranslations(input.ceviriler);
  const content = {
    title: input.baslik,
    category: input.kategori,
    type: input.tur,
    bodyType: "html",
    body,
    variables: input.degiskenler,
    wetSignatureRequired: input.islak_imza,
    physicianCountersign: input.hekim_imzasi,
    translations,
    questions: questionsOf(input),
    // decisions §26: every translation carries the Turkish clauses' codes
    clauses: checkClauses(clausesOf(input), Object.keys(translations)),
    documentCode: input.dokuman_kodu ?? null,
  };
  checkPlaceholders(content);
  if (await templateSummary(tenantId, input.kod)) throw codeTaken(input.kod);

  try {
    const { template, version } = await insertTemplate(
      { id: newId("tpl"), tenantId, code: input.kod, active: input.aktif, content },
      input.yayimla ? { id: newId("tpv"), version: 1, translations: publishTranslations(content.translations), contentHash: sha256Hex(body), publishedBy: actor, changeNotes: {}, readability: readabilityOf(body)?.score ?? null } : null,
    );
    // A new template has no recordings yet (decisions §22).
    return serializeTemplateDetail(template, version, []);
  } catch (err) {
    // Two concurrent POSTs of one code both pass the check above; the unique (tenant, code) decides.
    if (isUniqueViolation(err)) throw codeTaken(input.kod);
    throw err;
  }
}
