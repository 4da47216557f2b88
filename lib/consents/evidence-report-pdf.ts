// The evidence report's PDF at `evidence_url` (decisions §8, sealed per §14). Rendering, sealing and
// time-stamping one takes the document thread and a TSA request, so it is made once per state of the
// consent and kept (encrypted like the documents) beside its document: asked for again while the
// evidence chain has not grown (nor the status, the timestamp or the document changed), the stored
// report is served as it is. And at most one report per tenant is rendered at a time on this
// instance: beyond that, 429 with Retry-After, so that one integrator fetching evidence in a loop
// cannot hold the document thread that every tenant's signatures need.
import { now } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { fileStorage, isStorageRefusal } from "@/lib/storage/file-storage";
import { produceSealedPdf } from "@/lib/sealing/produce-sealed-pdf";
import type { EvidenceReportData } from "@/lib/documents/document-types";

/** How long a tenant whose report is being rendered is asked to wait before asking again. */
const EVIDENCE_REPORT_RETRY_AFTER_S = 5;

// On globalThis: route bundles in one process must share one count.
const state = globalThis as typeof globalThis & { __eonamEvidenceRendering?: Set<string> };
const rendering = (state.__eonamEvidenceRendering ??= new Set<string>());

export const evidenceReportKey = (consentId: string) => `consents/${consentId}/evidence-report.pdf`;

/** What the report says, but for the moment it was made: when this changes, a new report is due. */
function reportState(r: EvidenceReportData): string {
  return sha256Hex(JSON.stringify([r.status, r.documentSha256, r.chain, r.events.length, r.events.at(-1)?.hash ?? null, r.timestamp, r.signedAt]));
}

/**
 * The stored report when it is of this state and its PDF is the one written: the first line is the
 * state and the PDF's SHA-256, checked here on every read (issue #49: nothing unchecked is served).
 */
function storedFor(bytes: Buffer | null, wanted: string): Buffer | null {
  if (!bytes) return null;
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || newline > 200) return null;
  const [state, digest] = bytes.subarray(0, newline).toString("latin1").split(" ");
  const pdf = bytes.subarray(newline + 1);
  if (state !== wanted || !digest || sha256Hex(pdf) !== digest) return null;
  return pdf;
}

/** What is stored: refused by the storage (plaintext, altered: it logged why) counts as absent, and is made again. */
async function readStored(key: string): Promise<Buffer | null> {
  try {
    return await fileStorage().get(key);
  } catch (err) {
    if (isStorageRefusal(err)) return null;
    throw err;
  }
}

export async function evidenceReportPdf(tenantId: string, report: EvidenceReportData): Promise<Buffer> {
  const key = evidenceReportKey(report.consentId);
  const wanted = reportState(report);
  const stored = storedFor(await readStored(key), wanted);
  if (stored) return stored;
  if (rendering.has(tenantId)) {
    throw new AppError(
      "rate_limited",
      "Bu kurumun bir kanıt raporu şu an hazırlanıyor; birkaç saniye sonra yeniden deneyin.",
      undefined,
      { retry_after: EVIDENCE_REPORT_RETRY_AFTER_S, reason: "evidence_report_busy" },
    );
  }
  rendering.add(tenantId);
  try {
    // Sealed like the consent document (decisions §14), as of the moment it is produced.
    const { pdf } = await produceSealedPdf(
      { kind: "evidence", data: report, options: { timeZone: env().APP_TIMEZONE } },
      { title: `Kanıt raporu ${report.consentId}`, author: report.institution, createdAt: now() },
      "Onam kanıt raporu",
    );
    const sha256 = sha256Hex(pdf);
    await fileStorage().put(key, Buffer.concat([Buffer.from(`${wanted} ${sha256}\n`, "latin1"), pdf]), {
      tenantId,
      consentId: report.consentId,
      contentType: "application/pdf",
      sha256,
    });
    return pdf;
  } finally {
    rendering.delete(tenantId);
  }
}
