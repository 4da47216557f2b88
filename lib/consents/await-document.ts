// decisions §5: `completed` means "signed; document produced", and the spec's consent read has
// `document` "populated when completed". Since issue #46 the document is produced after the signature's
// request has answered (by the completion pipeline, usually within a few hundred milliseconds), so a
// read in that moment waits for it rather than answer `completed` with `document: null`. Bounded:
// a document whose first production failed (it waits for its retry) or that takes longer than
// DOCUMENT_WAIT_MS (the storage not answering, a slow TSA or OCSP responder, a busy renderer) is not
// waited for, and the consent reads as it is.
import { setTimeout as sleep } from "node:timers/promises";
import { documentState, type DocumentState } from "@/lib/db/consent-reads";

const DOCUMENT_WAIT_MS = 5_000;
/** The first look soon (a document takes a few hundred milliseconds), then less often: ~25 looks in 5 s. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;

/** The consent's first document is under way: signed by everyone, not produced yet, not failed yet. */
export function documentUnderWay(c: DocumentState): boolean {
  return c.status === "completed" && c.documentSha256 === null && c.documentAttempts === 0 && c.purgedAt === null;
}

/** Waits while the consent's document is under way (at most DOCUMENT_WAIT_MS). */
export async function awaitDocument(tenantId: string, id: string): Promise<void> {
  const deadline = Date.now() + DOCUMENT_WAIT_MS;
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(MAX_POLL_MS, Math.round(pause * 1.5))) {
    await sleep(pause);
    const state = await documentState(tenantId, id);
    if (!state || !documentUnderWay(state) || Date.now() >= deadline) return;
  }
}
