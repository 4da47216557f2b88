// The panel's "Çoğalt" (issue #42): a new draft template of the tenant, started from another one's
// current version. The copy has its own history from nothing: no versions, no recordings (a recording
// belongs to a published text, decisions §22) and no consents.
import { z } from "zod";
import { isUniqueViolation, transaction } from "@/lib/db";
import { insertDraftTemplate, templateRow, templateVersionRow } from "@/lib/db/templates";
import { AppError, parseOrThrow } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { templateCodeSchema, templateTitleSchema } from "@/lib/templates/template-schemas";
import { parseStoredTranslations, type StoredTranslations } from "@/lib/templates/translations";
import { parseStoredQuestions } from "@/lib/templates/questions";
import { parseStoredClauses } from "@/lib/templates/clauses";
import { parseStoredVariables } from "@/lib/templates/variables";

const duplicateTemplateSchema = z.object({ kod: templateCodeSchema, baslik: templateTitleSchema });

function codeTaken(): AppError {
  return new AppError("validation_failed", undefined, { kod: ["bu kodla bir şablon zaten var; başka bir kod yazın"] });
}

/** A working copy's translations: title and body, without the digests a published version carries. */
function workingTranslations(stored: unknown): StoredTranslations {
  return Object.fromEntries(Object.entries(parseStoredTranslations(stored)).map(([l, t]) => [l, { title: t.title, body: t.body }]));
}

/**
 * Copies the tenant's template `sourceCode` as a new draft named by `request` (`kod`, `baslik`): the
 * published version in use (decisions §5), or the working copy while none is published. Body,
 * variables, translations, questions, category and kind are copied; audio and consents are not.
 * Recorded in the panel's action log in the same transaction. A taken code is a 422 on `kod`.
 */
export async function duplicateTemplate(tenantId: string, sourceCode: string, request: unknown, actorId: string): Promise<{ code: string; fromVersion: number }> {
  const input = parseOrThrow(duplicateTemplateSchema, request);
  const source = await templateRow(tenantId, sourceCode);
  if (!source) throw new AppError("not_found", "Şablon bulunamadı.");
  const version = source.latestVersion > 0 ? await templateVersionRow(tenantId, source.id, source.latestVersion) : null;
  const from = version ?? source;
  const fromVersion = version ? source.latestVersion : 0;

  try {
    await transaction(async (tx) => {
      // A draft, never published: the copy is used for consents only once someone publishes it.
      await insertDraftTemplate(tx, {
        id: newId("tpl"),
        tenantId,
        code: input.kod,
        content: {
          title: input.baslik,
          category: from.category,
          type: from.type,
          bodyType: from.bodyType,
          // Stored sanitized already: the copy is the same text, so it is not sanitized again.
          body: from.body,
          variables: parseStoredVariables(from.variables),
          wetSignatureRequired: from.wetSignatureRequired,
          physicianCountersign: from.physicianCountersign,
          translations: workingTranslations(from.translations),
          questions: parseStoredQuestions(from.questions),
          clauses: parseStoredClauses(from.clauses),
          // decisions §25: a copy is another document; its code is set by whoever publishes it.
          documentCode: null,
        },
      });
      await recordPanelAction(
        { tenantId, actorId, action: "template.duplicate", target: input.kod, detail: { from: sourceCode, version: fromVersion } },
        tx,
      );
    });
  } catch (err) {
    // A taken code, or two copies named alike at once: the unique (tenant, code) decides.
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return { code: input.kod, fromVersion };
}
