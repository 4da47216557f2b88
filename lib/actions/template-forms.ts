"use server";
// Server actions of the template pages for issue #52 (admin and owner): copying a starter form and the
// text's live readability (the Word import is a route of its own, app/(panel)/panel/word-import). The
// tenant always comes from the session user.
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { previewAllowed, toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { copyStarterTemplate } from "@/lib/templates/copy-starter-template";
import { readabilityOf, type Readability } from "@/lib/templates/readability";

/** "Kopyala" in the gallery: a draft of the starter form `kod`, under a code of its own. */
export async function copyStarterTemplateAction(kod: string): Promise<ActionResult<{ code: string }>> {
  const user = await requirePanelUser("templates");
  return toActionResult(() => copyStarterTemplate(user.tenantId, String(kod), user.id));
}

/** The Turkish text's Ateşman score as the author types (debounced), on the live preview's budget of its own. */
export async function measureReadabilityAction(body: string): Promise<Readability | null> {
  await requirePanelUser("templates");
  if (!(await previewAllowed("panel-readability"))) return null;
  return readabilityOf(typeof body === "string" ? body.slice(0, 300_000) : "");
}
