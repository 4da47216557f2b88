// What a document worker does with one task (pdf-worker.mjs); also callable in-process: render the
// PDF, make it PDF/A-3 and, when it is to be sealed, reserve its signature (lib/documents/archive-pdf).
import type { ConsentDocumentData, DocumentBranding, EvidenceReportData, RefusalDocumentData, WithdrawalReceiptData } from "@/lib/documents/document-types";
import type { RenderPdfOptions } from "@/lib/documents/pdf-date";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { renderEvidencePdf } from "@/lib/documents/render-evidence-pdf";
import { renderRefusalPdf } from "@/lib/documents/render-refusal-pdf";
import { renderWithdrawalReceiptPdf } from "@/lib/documents/render-withdrawal-receipt-pdf";
import { archivePdf, type ArchiveOptions, type SignaturePlaceholder } from "@/lib/documents/archive-pdf";

export type RenderTask =
  | { kind: "consent"; data: ConsentDocumentData; options: RenderPdfOptions }
  | { kind: "refusal"; data: RefusalDocumentData; options: RenderPdfOptions }
  | { kind: "evidence"; data: EvidenceReportData; options: RenderPdfOptions }
  | { kind: "withdrawal"; data: WithdrawalReceiptData; options: RenderPdfOptions };

/** Crossing to a worker turns a Buffer into a plain Uint8Array, which the renderer would take for a URL. */
const bytes = <T extends { signaturePng: Buffer | null } | null>(v: T): T => (v ? { ...v, signaturePng: v.signaturePng ? Buffer.from(v.signaturePng) : null } : v);

/** The letterhead's logo, likewise (decisions §23). */
const letterhead = (b: DocumentBranding | null | undefined): DocumentBranding | null =>
  b ? { ...b, logo: b.logo ? { ...b.logo, png: Buffer.from(b.logo.png) } : null } : null;

export type DocumentTask = RenderTask & { archive: ArchiveOptions; signature: SignaturePlaceholder | null };

export async function runDocumentTask(task: DocumentTask): Promise<Uint8Array> {
  const pdf =
    task.kind === "consent"
      ? await renderConsentPdf(
          {
            ...task.data,
            branding: letterhead(task.data.branding),
            signaturePng: task.data.signaturePng ? Buffer.from(task.data.signaturePng) : null,
            interpreter: bytes(task.data.interpreter),
            witness: bytes(task.data.witness),
            countersignature: bytes(task.data.countersignature),
          },
          task.options,
        )
      : task.kind === "refusal"
        ? await renderRefusalPdf(
            {
              ...task.data,
              branding: letterhead(task.data.branding),
              refusal: { ...task.data.refusal, witnessSignaturePng: task.data.refusal.witnessSignaturePng ? Buffer.from(task.data.refusal.witnessSignaturePng) : null },
            },
            task.options,
          )
        : task.kind === "withdrawal"
          ? await renderWithdrawalReceiptPdf({ ...task.data, branding: letterhead(task.data.branding) }, task.options)
          : await renderEvidencePdf(task.data, task.options);
  return archivePdf(pdf, task.archive, task.signature);
}
