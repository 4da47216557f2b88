// decisions §22: the recording a consent's page offers: the one of the text the consent was made
// from, in the consent's language (the template version's content hash of that language). The
// recording reads the template's text; the page shows the person's own text (placeholders filled)
// beside it.
import { isLanguage } from "@/lib/i18n/languages";
import { describeLanguages } from "@/lib/templates/translations";
import { consentTextRow, templateAudioRow, type AudioRow } from "@/lib/db/read-aloud";

export async function consentRecordingRow(tenantId: string, consentId: string): Promise<AudioRow | null> {
  const c = await consentTextRow(tenantId, consentId);
  if (!c) return null;
  const language = isLanguage(c.language) ? c.language : "tr";
  const hash = describeLanguages(c.templateVer.contentHash, c.templateVer.translations).content_hashes[language];
  return hash ? templateAudioRow(tenantId, c.templateId, language, hash) : null;
}
