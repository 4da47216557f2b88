// The PDF's embedded creation date, derived from the data rather than the clock, so that rendering
// the same consent twice gives the same bytes (pdfkit also derives the file ID from it).
import { wallClockToDate, zoneLabel } from "@/lib/time";

/** decisions §1: the service time zone when APP_TIMEZONE is not set. */
export const DEFAULT_TIME_ZONE = "Europe/Istanbul";

export interface RenderPdfOptions {
  /** The zone of the data's wall-clock times (APP_TIMEZONE); only the PDF's creation date uses it. */
  timeZone?: string;
}

/**
 * A wall-clock time as people read it on a document (decisions §23, §25): "2026-11-22 14:03:09" →
 * "22.11.2026 14:03 (GMT+03:00)", the zone's offset at that instant; a calendar date "2026-11-22" →
 * "22.11.2026". One numeric form beside every language. Anything else comes back as it was.
 */
export function printedWhen(s: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::\d{2})?)?$/.exec(s);
  if (!m) return s;
  const [, y, mo, d, h, mi] = m;
  if (h === undefined) return `${d}.${mo}.${y}`;
  const at = wallClockToDate(`${y}-${mo}-${d} ${h}:${mi}:00`, timeZone);
  return `${d}.${mo}.${y} ${h}:${mi}${at ? ` (${zoneLabel(at, timeZone)})` : ""}`;
}
