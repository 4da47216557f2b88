// Renders a refusal on record (decisions §19). The caller stores these exact bytes and hashes them.
import { renderToBuffer } from "@react-pdf/renderer";
import { RefusalDocument } from "./refusal-document";
import type { RefusalDocumentData } from "./document-types";
import { loadPdfFonts } from "./fonts";
import { wallClockToDate } from "@/lib/time";
import { DEFAULT_TIME_ZONE, type RenderPdfOptions } from "./pdf-date";

/** The creation date is the time of the record, so two renders of the same data give the same bytes. */
export async function renderRefusalPdf(data: RefusalDocumentData, options: RenderPdfOptions = {}): Promise<Buffer> {
  await loadPdfFonts();
  const creationDate = wallClockToDate(data.refusal.recordedAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  return renderToBuffer(RefusalDocument({ data: { ...data, timeZone: options.timeZone ?? data.timeZone }, creationDate }));
}
