// The bytes of a recording, from the file storage. A row whose bytes cannot be read is a storage that
// does not answer or lost a file: 503 (decisions §2), never half a recording.
//
// A player asks for one recording in several Range requests, and many patients hear the same one:
// reading 10 MB from the storage and decrypting it for each would take seconds per request on the
// embedded database. Recently read recordings are kept decrypted in memory, MAX_CACHED_BYTES in all,
// keyed by storage key (every upload has a key of its own, so a replaced recording is never served
// from here; a deleted one is not found before this is asked). They are read aloud template texts,
// not personal data.
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { logger } from "@/lib/log";
import { fileStorage } from "@/lib/storage/file-storage";
import type { AudioRow } from "@/lib/db/read-aloud";

export interface Recording {
  bytes: Buffer;
  contentType: string;
  sha256: string;
}

const MAX_CACHED_BYTES = 48 * 1024 * 1024;
const cache = new Map<string, Recording>();
let cachedBytes = 0;

function remember(key: string, rec: Recording): void {
  cache.set(key, rec);
  cachedBytes += rec.bytes.length;
  // Oldest first (a Map keeps insertion order; a hit re-inserts).
  for (const [k, v] of cache) {
    if (cachedBytes <= MAX_CACHED_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.bytes.length;
  }
}

export async function readRecording(row: AudioRow): Promise<Recording> {
  const hit = cache.get(row.storageKey);
  if (hit) {
    cache.delete(row.storageKey);
    cache.set(row.storageKey, hit);
    return hit;
  }
  const bytes = await fileStorage().get(row.storageKey);
  if (!bytes || sha256Hex(bytes) !== row.sha256) {
    logger().error({ storageKey: row.storageKey }, "recording missing or altered in storage");
    throw new AppError("service_unavailable", "Ses kaydı şu anda okunamıyor.", undefined, { reason: "recording_unavailable" });
  }
  const rec = { bytes, contentType: row.contentType, sha256: row.sha256 };
  if (bytes.length <= MAX_CACHED_BYTES) remember(row.storageKey, rec);
  return rec;
}
