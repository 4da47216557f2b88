// Step "document" of the completion pipeline: the signed consent's PDF, rendered, sealed and stored
// once. The claim (a token and a lease that outlives the render, retry-schedule.ts) keeps two callers
// from rendering it twice, and only its holder records the document or the failure;
// should it fail on its own (it cannot be rendered, its data cannot be read) it is tried again on the
// retry schedule, and the database or the storage not answering is left to the caller (it concerns
// every consent alike: the runner backs off, Inngest retries the step).
import { transaction } from "@/lib/db";
import { claimDocument, recordDocument, recordDocumentFailure } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { consentPdfInput, renderSealedConsentPdf, storeConsentPdf } from "@/lib/completion/consent-pdf";
import { retryAt, runClaimedStep } from "@/lib/completion/retry-schedule";

/** True when this call stored the consent's document. */
export function produceDocument(consentId: string): Promise<boolean> {
  return runClaimedStep(consentId, { step: "document", claim: claimDocument, produce: produceClaimed, recordFailure: recordDocumentFailure, failed: "document not produced; tried again later" });
}

async function produceClaimed(consentId: string, token: string): Promise<boolean> {
  const input = await consentPdfInput(consentId);
  if (!input) throw new Error("the consent's signatures or text are not on record");
  const produced = await renderSealedConsentPdf(input);
  const { key, sha256 } = await storeConsentPdf(input, produced.pdf);
  const at = now();
  const timestamping = env().TSA_DRIVER !== "none";
  const stored = await transaction(async (tx) => {
    const count = await recordDocument(tx, consentId, token, {
      documentSha256: sha256,
      documentKey: key,
      documentAt: at,
      sealLevel: produced.level,
      sealSigner: produced.signer,
      sealError: produced.error ?? "",
      sealAttempts: produced.level ? 0 : 1,
      sealNextAttemptAt: produced.level ? null : retryAt(1, at),
      tsStatus: timestamping ? "queued" : "none",
      tsNextAttemptAt: timestamping ? at : null,
    });
    if (count === 0) return false;
    await appendEvent(tx, consentId, "belge_olusturuldu", SYSTEM_ORIGIN, at, { sha256 });
    if (produced.error) await appendEvent(tx, consentId, "muhur_basarisiz", SYSTEM_ORIGIN, at, { error: produced.error, attempt: 1 });
    return true;
  });
  // The claim is no longer ours (it lapsed, and someone else holds or finished the step): theirs
  // stays, this copy goes.
  if (!stored) {
    await fileStorage().delete(key);
    return false;
  }
  logger().info({ consentId, bytes: produced.pdf.length, seal: produced.level }, "document produced");
  return true;
}
