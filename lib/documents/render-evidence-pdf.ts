// Renders the evidence report PDF served at evidence_url (decisions §8).
import { renderToBuffer } from "@react-pdf/renderer";
import type { EvidenceReportData } from "./document-types";
import { EvidenceReport } from "./evidence-report";
import { loadPdfFonts } from "./fonts";
import { wallClockToDate } from "@/lib/time";
import { DEFAULT_TIME_ZONE, type RenderPdfOptions } from "./pdf-date";

/** The report is produced on request; its creation date is the report time stated in it. */
export async function renderEvidencePdf(data: EvidenceReportData, options: RenderPdfOptions = {}): Promise<Buffer> {
  await loadPdfFonts();
  const creationDate = wallClockToDate(data.generatedAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  return renderToBuffer(EvidenceReport({ data: { ...data, timeZone: options.timeZone ?? data.timeZone }, creationDate }));
}
