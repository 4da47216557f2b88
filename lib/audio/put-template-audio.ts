// PUT /v1/templates/{kod}/audio/{dil} (and the panel's upload): store a recording of one language's
// text (decisions §22). Refused before a byte is read: an unknown template or language (404), a type
// other than audio/mpeg or audio/ogg (415). Then the body is read up to MAX_AUDIO_BYTES (413 past it,
// counted as it arrives) and its bytes must be the audio they are declared as (415 otherwise).
// Nothing half-written: the bytes are stored (encrypted; S3 when configured) under a key of their
// own before the row that names them is written, and removed again when that write fails; a
// replaced recording's bytes are removed after the row names the new ones.
import { sha256Hex } from "@/lib/crypto";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { fileStorage } from "@/lib/storage/file-storage";
import { upsertTemplateAudio } from "@/lib/db/read-aloud";
import { audioTargetOrThrow } from "@/lib/audio/audio-target";
import { isAudioType, mediaTypeOf, sniffAudio, AUDIO_TYPES } from "@/lib/audio/sniff-audio";

/** decisions §22: "≤ 10 MB", taken as 10 MiB. */
const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

interface AudioUpload {
  /** the request's Content-Type */
  contentType: string | null;
  /** the text the caller recorded (`?content_hash=`), or null for the published one */
  contentHash: string | null;
  /** reads the body, refusing (413) more than `limit` bytes */
  read(limit: number): Promise<Buffer>;
}

interface StoredAudio {
  language: string;
  content_hash: string;
  content_type: string;
  bytes: number;
  sha256: string;
}

const unsupported = (detail: string) => new AppError("unsupported_media_type", detail);

export async function putTemplateAudio(tenantId: string, code: string, language: string, upload: AudioUpload, actor: string): Promise<StoredAudio> {
  const target = await audioTargetOrThrow(tenantId, code, language, upload.contentHash);
  const declared = mediaTypeOf(upload.contentType);
  if (!isAudioType(declared)) throw unsupported(`Ses kaydı ${AUDIO_TYPES.join(" ya da ")} olarak gönderilmeli.`);
  const bytes = await upload.read(MAX_AUDIO_BYTES);
  const sniffed = sniffAudio(bytes);
  if (sniffed === null) throw unsupported("Dosya bir MP3 ya da Ogg (Vorbis, Opus) ses kaydı değil.");
  if (sniffed !== declared) throw unsupported(`Dosya ${sniffed} içeriyor, ${declared} olarak gönderildi.`);

  const id = newId("ses");
  const storageKey = `audio/${tenantId}/${id}`;
  const sha256 = sha256Hex(bytes);
  const storage = fileStorage();
  await storage.put(storageKey, bytes, { tenantId, consentId: null, contentType: sniffed, sha256 });
  let written: Awaited<ReturnType<typeof upsertTemplateAudio>>;
  try {
    written = await upsertTemplateAudio({
      id,
      tenantId,
      templateId: target.templateId,
      language: target.language,
      contentHash: target.contentHash,
      contentType: sniffed,
      bytes: bytes.length,
      sha256,
      storageKey,
      createdAt: now(),
      createdBy: actor,
    });
  } catch (err) {
    await removeQuietly(storageKey);
    throw err;
  }
  if (!written) {
    await removeQuietly(storageKey);
    throw new AppError("not_found", "Şablon bulunamadı.");
  }
  if (written.replacedKey) await removeQuietly(written.replacedKey);
  return { language: target.language, content_hash: target.contentHash, content_type: sniffed, bytes: bytes.length, sha256 };
}

/** Bytes no row names any more; a failure leaves an unreachable (encrypted) object, logged by key only. */
export async function removeQuietly(storageKey: string): Promise<void> {
  try {
    await fileStorage().delete(storageKey);
  } catch (err) {
    logger().warn({ storageKey, err: (err as Error).message }, "recording bytes not removed");
  }
}
