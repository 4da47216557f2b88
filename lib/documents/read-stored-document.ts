// The stored document of a consent, as served (a download link, the signer's copy, FHIR): only bytes
// whose SHA-256 is the `document.sha256` on record (decisions §8). The storage opens only files it
// encrypted (a plaintext one is refused there), but an authentic file under the key may still be
// another version of it: a digest check here means only the signed document is handed out.
import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { fileStorage } from "@/lib/storage/file-storage";

/** null when nothing is stored under the key; throws when the bytes are not the document on record. */
export async function readStoredDocument(consentId: string, documentKey: string | null, documentSha256: string | null): Promise<Buffer | null> {
  if (!documentKey) return null;
  const bytes = await fileStorage().get(documentKey);
  if (!bytes) return null;
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== documentSha256) {
    logger().error({ consentId, documentKey, expected: documentSha256, actual }, "stored document does not match document.sha256: not served");
    throw new AppError("service_unavailable", "Belgenin bütünlüğü doğrulanamadı; belge sunulmuyor. Kurumla iletişime geçin.", undefined, { reason: "document_integrity" });
  }
  return bytes;
}
