// DELETE /v1/templates/{kod}/audio/{dil} (and the panel's): remove the recording of that language's
// text, the published one unless `content_hash` names the draft's (decisions §22). 404 when there is none.
import { AppError } from "@/lib/errors";
import { deleteTemplateAudioRow } from "@/lib/db/read-aloud";
import { audioTargetOrThrow } from "@/lib/audio/audio-target";
import { removeQuietly } from "@/lib/audio/put-template-audio";

export async function deleteTemplateAudio(tenantId: string, code: string, language: string, contentHash: string | null = null): Promise<void> {
  const target = await audioTargetOrThrow(tenantId, code, language, contentHash);
  const key = await deleteTemplateAudioRow(tenantId, target.templateId, target.language, target.contentHash);
  if (!key) throw new AppError("not_found", "Bu metnin ses kaydı yok.");
  await removeQuietly(key);
}
