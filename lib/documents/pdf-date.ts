// The PDF's embedded creation date, derived from the data rather than the clock, so that rendering
// the same consent twice gives the same bytes (pdfkit also derives the file ID from it).
import { offsetMinutes, zoneLabel } from "@/lib/time";

/** The instant of a `YYYY-MM-DD HH:MM:SS` wall-clock time in timeZone, or undefined if malformed. */
export function wallClockToDate(text: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(guess)) return undefined;
  // Two passes settle the offset even next to a DST transition.
  let t = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  t = guess - offsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}

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
