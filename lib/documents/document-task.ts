// What a document worker does with one task (pdf-worker.mjs); also callable in-process: render the
// PDF, make it PDF/A-3 and, when it is to be sealed, reserve its signature (lib/sealing/archive-pdf).
import type { ConsentDocumentData, EvidenceReportData } from "@/lib/documents/document-types";
import type { RenderPdfOptions } from "@/lib/documents/pdf-date";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { renderEvidencePdf } from "@/lib/documents/render-evidence-pdf";
import { archivePdf, type ArchiveOptions, type SignaturePlaceholder } from "@/lib/sealing/archive-pdf";

export type RenderTask =
  | { kind: "consent"; data: ConsentDocumentData; options: RenderPdfOptions }
  | { kind: "evidence"; data: EvidenceReportData; options: RenderPdfOptions };

export type DocumentTask = RenderTask & { archive: ArchiveOptions; signature: SignaturePlaceholder | null };

export async function runDocumentTask(task: DocumentTask): Promise<Uint8Array> {
  const pdf =
    task.kind === "consent"
      ? // Crossing to a worker turns a Buffer into a plain Uint8Array, which the renderer would take for a URL.
        await renderConsentPdf(
          {
            ...task.data,
            signaturePng: Buffer.from(task.data.signaturePng),
            interpreter: task.data.interpreter ? { ...task.data.interpreter, signaturePng: Buffer.from(task.data.interpreter.signaturePng) } : null,
          },
          task.options,
        )
      : await renderEvidencePdf(task.data, task.options);
  return archivePdf(pdf, task.archive, task.signature);
}
