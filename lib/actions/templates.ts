"use server";
// Server actions of the template pages (admin and owner): create, update or publish, duplicate, and
// the live preview. The tenant always comes from the session user.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { previewAllowed, toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { createTemplate } from "@/lib/templates/create-template";
import { updateTemplate } from "@/lib/templates/update-template";
import { duplicateTemplate } from "@/lib/templates/duplicate-template";
import { previewTemplate, type PreviewVariable } from "@/lib/templates/preview-template";

type Saved = { code: string; version: number };

export async function createTemplateAction(values: unknown): Promise<ActionResult<Saved>> {
  const user = await requirePanelUser("templates");
  return toActionResult(async () => {
    const t = await createTemplate(user.tenantId, values, `panel:${user.id}`);
    return { code: t.code, version: t.version };
  });
}

export async function updateTemplateAction(code: string, values: unknown): Promise<ActionResult<Saved>> {
  const user = await requirePanelUser("templates");
  return toActionResult(async () => {
    const t = await updateTemplate(user.tenantId, String(code), values, `panel:${user.id}`);
    return { code: t.code, version: t.version };
  });
}

/** "Çoğalt": a new draft from the template's current version; its action-log entry is written with it. */
export async function duplicateTemplateAction(code: string, values: unknown): Promise<ActionResult<{ code: string }>> {
  const user = await requirePanelUser("templates");
  return toActionResult(async () => ({ code: (await duplicateTemplate(user.tenantId, String(code), values, user.id)).code }));
}

export async function previewTemplateAction(body: string, variables: PreviewVariable[]): Promise<string> {
  await requirePanelUser("templates");
  // issue #49: a script looping on the preview gets nothing rendered (the editor shows the last one).
  if (!(await previewAllowed())) return "";
  const vars = Array.isArray(variables) ? variables.filter((v) => v && typeof v.ad === "string").slice(0, 100) : [];
  return previewTemplate(typeof body === "string" ? body : "", vars);
}
