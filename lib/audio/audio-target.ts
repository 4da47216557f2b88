// decisions §22: which text an uploaded recording is of. A recording is bound to one language's text
// by that text's content hash (content_hashes in the template detail), not to a version number.
// Without `content_hash` it is the text new consents use: the latest published version's (the
// working copy's while none is published). With it, the caller names the text it recorded: the
// published one or the draft's, so that a recording can be in place before the draft is published,
// and a recording made of a text that has changed since is refused rather than put beside the new one.
import { templateRow, templateVersionRow } from "@/lib/db/templates";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { isLanguage, type Language } from "@/lib/i18n/languages";
import { describeLanguages } from "@/lib/templates/translations";

interface AudioTarget {
  tenantId: string;
  templateId: string;
  language: Language;
  contentHash: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** 404 for an unknown template (or another tenant's) or a language its text lacks; 409 for a content_hash of no current text. */
export async function audioTargetOrThrow(tenantId: string, code: string, language: string, contentHash: string | null = null): Promise<AudioTarget> {
  if (contentHash !== null && !HEX64.test(contentHash)) {
    throw new AppError("validation_failed", undefined, { content_hash: ["64 küçük harf onaltılık karakter (SHA-256) olmalı"] });
  }
  const t = await templateRow(tenantId, code);
  if (!t) throw new AppError("not_found", "Şablon bulunamadı.");
  if (!isLanguage(language)) throw new AppError("not_found", "Şablonun bu dilde metni yok.");
  const published = t.latestVersion > 0 ? await templateVersionRow(tenantId, t.id, t.latestVersion) : null;
  const working = describeLanguages(sha256Hex(t.body), t.translations).content_hashes[language];
  const current = published ? describeLanguages(published.contentHash, published.translations).content_hashes[language] : working;
  if (contentHash !== null) {
    if (contentHash !== current && contentHash !== working) {
      throw new AppError("invalid_state", "content_hash şablonun bu dildeki yayımlanmış metnine ya da taslağına ait değil.", undefined, { reason: "content_hash_mismatch" });
    }
    return { tenantId, templateId: t.id, language, contentHash };
  }
  if (!current) throw new AppError("not_found", "Şablonun bu dilde metni yok.");
  return { tenantId, templateId: t.id, language, contentHash: current };
}
