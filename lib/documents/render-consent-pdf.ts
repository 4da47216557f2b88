// Renders the signed consent PDF (decisions §8). The caller stores these exact bytes and hashes them.
import { renderToBuffer } from "@react-pdf/renderer";
import { ConsentDocument } from "./consent-document";
import type { ConsentDocumentData } from "./document-types";
import { loadPdfFonts } from "./fonts";
import { wallClockToDate } from "@/lib/time";
import { DEFAULT_TIME_ZONE, type RenderPdfOptions } from "./pdf-date";

/**
 * The creation date is the signing time, not the clock, so two renders of the same data give the
 * same bytes and a retry after a crash produces the document whose digest may already be recorded.
 */
export async function renderConsentPdf(data: ConsentDocumentData, options: RenderPdfOptions = {}): Promise<Buffer> {
  await loadPdfFonts();
  const creationDate = wallClockToDate(data.signedAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  return renderToBuffer(ConsentDocument({ data: { ...data, timeZone: options.timeZone ?? data.timeZone }, creationDate }));
}
