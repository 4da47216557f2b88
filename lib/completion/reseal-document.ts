// Step "seal": a document stored unsealed (muhur_basarisiz) is sealed again on the retry schedule. The
// sealed file replaces it, its digest becomes document.sha256 (belge_muhurlendi records both), and the
// detached timestamp is taken again over the new digest, so that what verify and tsr_url say always
// concerns the file served. The earlier digest is kept as superseded_sha256: a copy of the unsealed
// file still verifies.
import { transaction } from "@/lib/db";
import { claimReseal, recordResealFailure, releaseCompletionClaim, replaceDocument } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { consentPdfInput, renderSealedConsentPdf, storeConsentPdf } from "@/lib/completion/consent-pdf";
import { retryAt, stepClaim } from "@/lib/completion/retry-schedule";

/** True when this call replaced the unsealed document with a sealed one. */
export async function resealDocument(consentId: string): Promise<boolean> {
  const at = now();
  const claim = stepClaim("seal", at);
  const row = await claimReseal(consentId, at, claim);
  if (!row) return false;
  const input = await consentPdfInput(consentId);
  if (!input) {
    await releaseCompletionClaim(consentId, claim.token);
    return false;
  }
  const produced = await renderSealedConsentPdf(input);
  const attempts = row.sealAttempts + 1;
  const done = now();
  if (!produced.level) {
    // Only the claim's holder records the failure (and its event): a late one changes nothing.
    await transaction(async (tx) => {
      if ((await recordResealFailure(tx, consentId, claim.token, { sealError: produced.error ?? "", sealAttempts: attempts, sealNextAttemptAt: retryAt(attempts, done) })) === 0) return;
      await appendEvent(tx, consentId, "muhur_basarisiz", SYSTEM_ORIGIN, done, { error: produced.error, attempt: attempts });
    });
    return false;
  }
  const { key, sha256 } = await storeConsentPdf(input, produced.pdf);
  const replaced = await transaction(async (tx) => {
    const sealed = { documentSha256: sha256, documentKey: key, sealLevel: produced.level, sealSigner: produced.signer, sealError: "", sealAttempts: attempts, sealNextAttemptAt: null };
    const count = await replaceDocument(tx, consentId, claim.token, row.documentSha256, sealed, env().TSA_DRIVER !== "none" ? done : null);
    if (count === 0) return false;
    await appendEvent(tx, consentId, "belge_muhurlendi", SYSTEM_ORIGIN, done, { sha256, previous_sha256: row.documentSha256, seal: produced.level });
    return true;
  });
  if (!replaced) {
    await fileStorage().delete(key);
    return false;
  }
  if (row.documentKey) await fileStorage().delete(row.documentKey);
  logger().info({ consentId, seal: produced.level }, "document sealed after an earlier failure");
  return true;
}
