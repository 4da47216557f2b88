// What a document worker does with one task (pdf-worker.mjs); also callable in-process.
import type { ConsentDocumentData, EvidenceReportData } from "@/lib/documents/document-types";
import type { RenderPdfOptions } from "@/lib/documents/pdf-date";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { renderEvidencePdf } from "@/lib/documents/render-evidence-pdf";

export type DocumentTask =
  | { kind: "consent"; data: ConsentDocumentData; options: RenderPdfOptions }
  | { kind: "evidence"; data: EvidenceReportData; options: RenderPdfOptions };

export async function runDocumentTask(task: DocumentTask): Promise<Uint8Array> {
  const pdf =
    task.kind === "consent"
      ? // Crossing to a worker turns a Buffer into a plain Uint8Array, which the renderer would take for a URL.
        await renderConsentPdf({ ...task.data, signaturePng: Buffer.from(task.data.signaturePng) }, task.options)
      : await renderEvidencePdf(task.data, task.options);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
