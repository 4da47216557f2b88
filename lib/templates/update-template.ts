// PUT /v1/templates/{kod}: edit the working copy; with `yayimla: true` publish it as a new version.
// A published version is never changed: consents point at it and hold its digest (spec "Versioning").
import { db, isUniqueViolation } from "@/lib/db";
import type { TemplateDetail } from "@/lib/contract/response-shapes";
import { AppError, parseOrThrow } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { now } from "@/lib/clock";
import { insertReconsentMarking } from "@/lib/db/reconsent";
import { templateAudioRows } from "@/lib/db/read-aloud";
import { questionsOf, sanitizeGovde, sanitizeTranslations, updateTemplateSchema, type UpdateTemplateInput } from "@/lib/templates/template-schemas";
import { parseStoredQuestions, type StoredQuestions } from "@/lib/templates/questions";
import { parseStoredTranslations, publishTranslations, type StoredTranslations } from "@/lib/templates/translations";
import { parseStoredVariables, type TemplateVariable } from "@/lib/templates/variables";
import { checkPlaceholders } from "@/lib/templates/check-placeholders";
import { serializeTemplateDetail, templateDetailSelect, versionDetailSelect, type TemplateDetailRow, type VersionDetailRow } from "@/lib/templates/serialize-template";

const MAX_ATTEMPTS = 3;

interface Content {
  title: string;
  category: string;
  type: string;
  bodyType: string;
  body: string;
  variables: TemplateVariable[];
  wetSignatureRequired: boolean;
  physicianCountersign: boolean;
  translations: StoredTranslations;
  /** decisions §22 */
  questions: StoredQuestions;
}

/** Title and body of each language: what decides whether a working copy differs from its version. */
function textsOf(t: StoredTranslations): string {
  return JSON.stringify(Object.entries(parseStoredTranslations(t)).map(([l, v]) => [l, v.title, v.body]));
}

function merge(current: TemplateDetailRow, input: UpdateTemplateInput, body: string | undefined, translations: StoredTranslations | undefined): Content {
  return {
    title: input.baslik ?? current.title,
    category: input.kategori ?? current.category,
    type: input.tur ?? current.type,
    bodyType: current.bodyType,
    body: body ?? current.body,
    variables: input.degiskenler ?? parseStoredVariables(current.variables),
    wetSignatureRequired: input.islak_imza ?? current.wetSignatureRequired,
    physicianCountersign: input.hekim_imzasi ?? current.physicianCountersign,
    translations: translations ?? parseStoredTranslations(current.translations),
    questions: questionsOf(input, parseStoredQuestions(current.questions)),
  };
}

function sameContent(a: Content, v: VersionDetailRow): boolean {
  return (
    a.title === v.title &&
    a.category === v.category &&
    a.type === v.type &&
    a.bodyType === v.bodyType &&
    a.body === v.body &&
    a.wetSignatureRequired === v.wetSignatureRequired &&
    a.physicianCountersign === v.physicianCountersign &&
    textsOf(a.translations) === textsOf(parseStoredTranslations(v.translations)) &&
    JSON.stringify(a.questions) === JSON.stringify(parseStoredQuestions(v.questions)) &&
    JSON.stringify(a.variables) === JSON.stringify(parseStoredVariables(v.variables))
  );
}

/** Updates the tenant's template `code` from a request-shaped input (UpdateTemplateRequest), validated here. */
export async function updateTemplate(tenantId: string, code: string, request: unknown, actor: string): Promise<TemplateDetail> {
  const input = parseOrThrow(updateTemplateSchema, request);
  const body = input.govde === undefined ? undefined : sanitizeGovde(input.govde);
  const translations = input.ceviriler === undefined ? undefined : sanitizeTranslations(input.ceviriler);
  const prisma = db();

  // Optimistic concurrency: every write is conditional on the latestVersion and updatedAt that were
  // read, so two publishes cannot claim the same version and a merge never overwrites an edit it
  // did not see. The loser re-reads and merges again.
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await prisma.template.findUnique({
      where: { tenantId_code: { tenantId, code } },
      select: { ...templateDetailSelect, updatedAt: true },
    });
    if (!current) throw new AppError("not_found", "Şablon bulunamadı.");
    const content = merge(current, input, body, translations);
    // decisions §23: what a write touches, and every publish, names only placeholders it can fill;
    // switching a template off (`aktif` alone) is never refused for the text it already holds.
    const touchesText = input.govde !== undefined || input.ceviriler !== undefined || input.degiskenler !== undefined;
    if (touchesText || input.yayimla) checkPlaceholders(content);
    const guard = { id: current.id, tenantId, latestVersion: current.latestVersion, updatedAt: current.updatedAt };
    // `aktif` is not part of a version: switching a template off must stop new consents at once.
    const active = input.aktif ?? current.active;

    if (input.yayimla) {
      const version = current.latestVersion + 1;
      try {
        const result = await prisma.$transaction(async (tx) => {
          const rows = await tx.template.updateManyAndReturn({
            where: guard,
            data: { ...content, active, latestVersion: version, hasDraft: false },
            select: templateDetailSelect,
          });
          const template = rows[0];
          if (!template) return null;
          const published = await tx.templateVersion.create({
            data: {
              id: newId("tpv"),
              templateId: current.id,
              tenantId,
              version,
              ...content,
              translations: publishTranslations(content.translations),
              contentHash: sha256Hex(content.body),
              publishedBy: actor,
            },
            select: versionDetailSelect,
          });
          // decisions §22: a material change asks the earlier versions' signers to re-consent. The
          // marking itself is background work (lib/consents/mark-reconsents.ts), recorded here so
          // that it happens exactly when this version does.
          if (input.degisiklik === "esasli" && version > 1) {
            await insertReconsentMarking(tx, { tenantId, templateId: current.id, version }, now());
          }
          return { template, published };
        });
        if (result) return serializeTemplateDetail(result.template, result.published, await templateAudioRows(tenantId, current.id));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      continue;
    }

    const published =
      current.latestVersion > 0
        ? await prisma.templateVersion.findUnique({
            where: { templateId_version: { templateId: current.id, version: current.latestVersion }, tenantId },
            select: versionDetailSelect,
          })
        : null;
    // An edit that brings the working copy back to the published text leaves no draft behind.
    const hasDraft = !published || !sameContent(content, published);
    const rows = await prisma.template.updateManyAndReturn({
      where: guard,
      data: { ...content, active, hasDraft },
      select: templateDetailSelect,
    });
    const template = rows[0];
    if (template) return serializeTemplateDetail(template, published, await templateAudioRows(tenantId, current.id));
  }
  throw new AppError("invalid_state", "Şablon aynı anda başka bir istekle değiştirildi; isteği yineleyin.");
}
