"use server";
// Server actions of the template pages for issue #52 (admin and owner): copying a starter form, a
// Word document converted into the Turkish text, and the text's live readability. The tenant always
// comes from the session user.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { previewAllowed, toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { AppError } from "@/lib/errors";
import { copyStarterTemplate } from "@/lib/templates/copy-starter-template";
import { importDocx, MAX_DOCX_BYTES, type DocxImport } from "@/lib/templates/import-docx";
import { readabilityOf, type Readability } from "@/lib/templates/readability";

/** "Kopyala" in the gallery: a draft of the starter form `kod`, under a code of its own. */
export async function copyStarterTemplateAction(kod: string): Promise<ActionResult<{ code: string }>> {
  const user = await requirePanelUser("templates");
  return toActionResult(() => copyStarterTemplate(user.tenantId, String(kod), user.id));
}

/**
 * The editor's Word import: the `dosya` field of form, converted on the server (lib/templates/import-docx.ts).
 * Its size is checked before it is read; next.config.ts lets an action's body reach 6 MB for it.
 */
export async function importWordAction(form: FormData): Promise<ActionResult<DocxImport>> {
  await requirePanelUser("templates");
  return toActionResult(async () => {
    const file = form instanceof FormData ? form.get("dosya") : null;
    if (!(file instanceof File)) throw new AppError("validation_failed", undefined, { dosya: ["bir .docx dosyası seçin"] });
    if (file.size > MAX_DOCX_BYTES) throw new AppError("validation_failed", undefined, { dosya: ["dosya en çok 5 MB olabilir"] });
    return importDocx({ name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
  });
}

/** The Turkish text's Ateşman score as the author types (debounced), on the live preview's budget of its own. */
export async function measureReadabilityAction(body: string): Promise<Readability | null> {
  await requirePanelUser("templates");
  if (!(await previewAllowed("panel-readability"))) return null;
  return readabilityOf(typeof body === "string" ? body.slice(0, 300_000) : "");
}
