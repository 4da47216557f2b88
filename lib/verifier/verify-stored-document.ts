// The document on record judged by the one verifier (decisions §24): POST /v1/verify and the public
// page report what `npx e-onam-verify --key <the log key>` says of the stored file, with the
// service's own certificates pinned (its trust statement, unsigned: it is the service asking). A
// stored file never changes under its digest, so a verdict is kept per digest and trust statement.
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { readStoredDocument } from "@/lib/documents/read-stored-document";
import { loadLogKey } from "@/lib/transparency/log-key";
import { parseVerifierKey } from "@/lib/transparency/note";
import { serviceTrustEntries } from "@/lib/verifier/sign-trust-statement";
import type { Report } from "@/lib/verifier/report";
import { verifyPdf } from "@/lib/verifier/verify-pdf";
import { qualifiedTrustAnchors } from "@/lib/sealing/qualified-trust-anchors";

const MAX_KEPT = 256;
/** A day: revocation and expiry warnings move with time, the verdict of a kept file hardly does. */
const KEPT_MS = 24 * 3_600_000;
const kept = new Map<string, { report: Report; at: number }>();

export interface StoredDocument {
  id: string;
  documentKey: string | null;
  documentSha256: string | null;
}

/** The verifier's report on the stored document; null when none is kept (not produced, or purged). */
export async function verifyStoredDocument(doc: StoredDocument): Promise<Report | null> {
  if (!doc.documentKey || !doc.documentSha256) return null;
  const [entries, qualified] = await Promise.all([serviceTrustEntries(), qualifiedTrustAnchors()]);
  const cacheKey = `${doc.documentSha256}:${entries.length}:${qualified.length}`;
  const at = now();
  const hit = kept.get(cacheKey);
  if (hit && at.getTime() - hit.at < KEPT_MS) return hit.report;
  let pdf: Buffer | null;
  try {
    pdf = await readStoredDocument(doc.id, doc.documentKey, doc.documentSha256);
  } catch (err) {
    // Stored bytes that are not the document on record: nothing of them is vouched for.
    if (err instanceof AppError && err.extra?.reason === "document_integrity") return { valid: false, reason: "the stored document is not the one on record", level: null, consentId: null, statusUrl: null, signatures: [], checks: [], warnings: [] };
    throw err;
  }
  if (!pdf) return null;
  const key = parseVerifierKey((await loadLogKey()).verifierKey);
  const report = verifyPdf(pdf, { key, pinned: entries, qualified, now: at });
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(cacheKey, { report, at: at.getTime() });
  return report;
}
