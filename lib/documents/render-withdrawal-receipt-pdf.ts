// Renders a withdrawal receipt (issue #51). The caller stores these exact bytes and hashes them.
import { renderToBuffer } from "@react-pdf/renderer";
import { WithdrawalReceiptDocument } from "./withdrawal-receipt-document";
import type { WithdrawalReceiptData } from "./document-types";
import { loadPdfFonts } from "./fonts";
import { wallClockToDate } from "@/lib/time";
import { DEFAULT_TIME_ZONE, type RenderPdfOptions } from "./pdf-date";

/** The creation date is the time of the withdrawal, so two renders of the same data give the same bytes. */
export async function renderWithdrawalReceiptPdf(data: WithdrawalReceiptData, options: RenderPdfOptions = {}): Promise<Buffer> {
  await loadPdfFonts();
  const timeZone = options.timeZone ?? data.timeZone ?? DEFAULT_TIME_ZONE;
  const creationDate = wallClockToDate(data.withdrawnAt, timeZone);
  return renderToBuffer(WithdrawalReceiptDocument({ data: { ...data, timeZone }, creationDate }));
}
