// decisions §26: what a re-consent tells the person above its text — the note of the material change
// in their language, or else the passages the new text adds to the one they signed before.
import { renewedConsentHtml } from "@/lib/db/consent-reads";
import { decrypt } from "@/lib/encryption";
import type { Language } from "@/lib/i18n/languages";
import { diffTextLines } from "@/lib/templates/diff-text";
import { templateText } from "@/lib/templates/template-text";
import { parseChangeNotes } from "@/lib/templates/translations";

export interface WhatChanged {
  /** the publisher's note (degisiklik_notu), in the consent's language */
  note: string | null;
  /** without a note: the lines the new text adds, at most MAX_PASSAGES */
  added: string[];
}

const MAX_PASSAGES = 8;
const MAX_PASSAGE_CHARS = 400;

/** null for a consent that renews none. `html` is the consent's own rendered text (decrypted). */
export async function whatChanged(c: { tenantId: string; previousId: string | null; language: Language; changeNotes: unknown; html: string }): Promise<WhatChanged | null> {
  if (!c.previousId) return null;
  const notes = parseChangeNotes(c.changeNotes);
  if (notes[c.language]) return { note: notes[c.language]!, added: [] };
  const before = await renewedConsentHtml(c.tenantId, c.previousId);
  const added = before
    ? diffTextLines(templateText(decrypt(before)), templateText(c.html))
        .filter((p) => p.kind === "added")
        .flatMap((p) => p.value.split("\n"))
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, MAX_PASSAGES)
        .map((line) => (line.length > MAX_PASSAGE_CHARS ? `${line.slice(0, MAX_PASSAGE_CHARS)}…` : line))
    : [];
  // A Turkish note is still better than nothing for a text in another language with no passage to show.
  return { note: added.length ? null : (notes.tr ?? null), added };
}
