// GET /v1/templates/{kod}/audio/{dil} (and the panel's player): the recording of that language's
// published text (or the draft's, with `content_hash`); 404 when there is none.
import { AppError } from "@/lib/errors";
import { templateAudioRow } from "@/lib/db/read-aloud";
import { audioTargetOrThrow } from "@/lib/audio/audio-target";
import { readRecording, type Recording } from "@/lib/audio/read-recording";

export async function getTemplateAudioOrThrow(tenantId: string, code: string, language: string, contentHash: string | null = null): Promise<Recording> {
  const target = await audioTargetOrThrow(tenantId, code, language, contentHash);
  const row = await templateAudioRow(tenantId, target.templateId, target.language, target.contentHash);
  if (!row) throw new AppError("not_found", "Bu metnin ses kaydı yok.");
  return readRecording(row);
}
