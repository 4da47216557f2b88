// Step "document" of the completion pipeline: the signed consent's PDF, rendered, sealed and stored
// once. The claim (a lease on document_next_attempt_at) keeps two callers from rendering it twice;
// should it fail on its own (it cannot be rendered, its data cannot be read) it is tried again on the
// retry schedule, and the database or the storage not answering is left to the caller (it concerns
// every consent alike: the runner backs off, Inngest retries the step).
import { sqlTransaction } from "@/lib/db";
import { claimDocument, recordDocument, recordDocumentFailure } from "@/lib/db/completion";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { consentPdfInput, renderSealedConsentPdf, storeConsentPdf } from "@/lib/documents/consent-pdf";
import { retryAt, STEP_LEASE_MS } from "@/lib/completion/retry-schedule";

/** After the storage (or the database) did not answer: the next try, without counting an attempt. */
const OUTAGE_RETRY_MS = 30_000;

/** True when this call stored the consent's document. */
export async function produceDocument(consentId: string): Promise<boolean> {
  const at = now();
  const attempts = await claimDocument(consentId, at, new Date(at.getTime() + STEP_LEASE_MS));
  if (attempts === null) return false;
  try {
    return await produceClaimed(consentId);
  } catch (err) {
    if (isDatabaseUnavailable(err)) {
      // Not this consent's failure (its attempts stay): the claim's lease shortens to OUTAGE_RETRY_MS
      // so the sweep tries again soon after the storage is back — when the database itself is gone
      // this fails too, and the lease lapses on its own.
      await recordDocumentFailure(consentId, attempts, new Date(now().getTime() + OUTAGE_RETRY_MS)).catch(() => undefined);
      throw err;
    }
    const next = retryAt(attempts + 1, now());
    await recordDocumentFailure(consentId, attempts + 1, next);
    logger().error({ consentId, attempts: attempts + 1, next: next.toISOString(), err: err instanceof Error ? err.message : String(err) }, "document not produced; tried again later");
    return false;
  }
}

async function produceClaimed(consentId: string): Promise<boolean> {
  const input = await consentPdfInput(consentId);
  if (!input) throw new Error("the consent's signatures or text are not on record");
  const produced = await renderSealedConsentPdf(input);
  const { key, sha256 } = await storeConsentPdf(input, produced.pdf);
  const at = now();
  const timestamping = env().TSA_DRIVER !== "none";
  const stored = await sqlTransaction(async (tx) => {
    const count = await recordDocument(tx, consentId, {
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
  // Someone stored one first (a lease that lapsed under a slow render): theirs stays, this copy goes.
  if (!stored) {
    await fileStorage().delete(key);
    return false;
  }
  logger().info({ consentId, bytes: produced.pdf.length, seal: produced.level }, "document produced");
  return true;
}
