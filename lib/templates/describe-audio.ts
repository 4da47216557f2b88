// decisions §22: the template detail's `audio`: the recordings of the texts it describes, by language.
import type { Language } from "@/lib/i18n/languages";
import type { AudioRow } from "@/lib/db/read-aloud";
import { isAudioType, type AudioType } from "@/lib/contract/enums";

interface AudioDescription {
  content_type: AudioType;
  bytes: number;
  sha256: string;
}

/** Each language's recording whose text is the one in `contentHashes`; recordings of other texts are left out. */
export function describeAudio(contentHashes: Partial<Record<Language, string>>, rows: readonly AudioRow[]): Partial<Record<Language, AudioDescription>> {
  const out: Partial<Record<Language, AudioDescription>> = {};
  for (const [language, hash] of Object.entries(contentHashes) as [Language, string][]) {
    const row = rows.find((r) => r.language === language && r.contentHash === hash);
    if (row && isAudioType(row.contentType)) out[language] = { content_type: row.contentType, bytes: row.bytes, sha256: row.sha256 };
  }
  return out;
}
