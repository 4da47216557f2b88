// Wall-clock formatting in the service time zone (decisions §1).

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether tz is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function parts(date: Date, timeZone: string): Record<string, string> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** The zone's offset from UTC at the second of t, in ms, as Intl reads it (the slow, exact way). */
function intlOffsetMs(t: number, timeZone: string): number {
  const p = parts(new Date(t), timeZone);
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(t / 1000) * 1000;
}

/**
 * Offsets per zone and quarter hour: formatToParts costs tens of µs, and every consent object,
 * list row and CSV line formats several times. A span whose first and last second have the same
 * offset has it throughout (no zone has changed twice within 15 minutes); one whose offset changes
 * inside (a DST switch, a historical local mean time) is read exactly per instant.
 */
const SPAN_MS = 15 * 60_000;
const MAX_SPANS = 4096;
const spanOffsets = new Map<string, number | null>();

function offsetMs(t: number, timeZone: string): number {
  const span = Math.floor(t / SPAN_MS);
  const key = `${timeZone}|${span}`;
  let offset = spanOffsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetMs(span * SPAN_MS, timeZone);
    offset = first === intlOffsetMs((span + 1) * SPAN_MS - 1000, timeZone) ? first : null;
    if (spanOffsets.size >= MAX_SPANS) spanOffsets.clear();
    spanOffsets.set(key, offset);
  }
  return offset ?? intlOffsetMs(t, timeZone);
}

// Instants whose wall-clock year has four digits anywhere (toISOString writes others as ±YYYYYY).
const FOUR_DIGIT_YEARS = [Date.UTC(1000, 0, 2), Date.UTC(9999, 11, 30)] as const;

/** `YYYY-MM-DD HH:MM:SS` in timeZone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const t = date.getTime();
  if (!(t >= FOUR_DIGIT_YEARS[0] && t < FOUR_DIGIT_YEARS[1])) {
    const p = parts(date, timeZone);
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  }
  const wall = new Date(Math.floor(t / 1000) * 1000 + offsetMs(t, timeZone)).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}

/** `YYYY-MM-DD` in timeZone. */
export function formatDate(date: Date, timeZone: string): string {
  return formatDateTime(date, timeZone).slice(0, 10);
}

/** Offset of timeZone from UTC at `date`, in minutes. */
export function offsetMinutes(date: Date, timeZone: string): number {
  return Math.round(offsetMs(date.getTime(), timeZone) / 60_000);
}

/** The zone's offset at `date` as people read it beside a time (decisions §25): `GMT+03:00`. */
export function zoneLabel(date: Date, timeZone: string): string {
  const off = offsetMinutes(date, timeZone);
  const abs = Math.abs(off);
  return `GMT${off < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

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

/** ISO 8601 with the zone's offset, e.g. `2026-11-22T14:03:09+03:00`. */
export function formatIsoOffset(date: Date, timeZone: string): string {
  const off = offsetMinutes(date, timeZone);
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${formatDateTime(date, timeZone).replace(" ", "T")}${sign}${hh}:${mm}`;
}

/** A strict `YYYY-MM-DD` calendar date, or null. */
export function parseCalendarDate(text: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** The UTC instant at which calendar day `text` (YYYY-MM-DD) begins in timeZone. */
export function startOfDayIn(text: string, timeZone: string): Date | null {
  const c = parseCalendarDate(text);
  if (!c) return null;
  const guess = new Date(Date.UTC(c.y, c.m - 1, c.d));
  // Two passes settle the offset even on a DST transition day.
  let t = guess.getTime() - offsetMinutes(guess, timeZone) * 60_000;
  t = guess.getTime() - offsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}

/**
 * The UTC instant of a wall-clock time `YYYY-MM-DD HH:MM:SS` in timeZone (decisions §1), or null
 * when it is not one (a 25th hour, a 31st of April). A time a DST change skips resolves past it.
 */
export function parseDateTimeIn(text: string, timeZone: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [h, mi, s] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (h > 23 || mi > 59 || s > 59) return null;
  const c = parseCalendarDate(m[1]!);
  if (!c) return null;
  const wall = Date.UTC(c.y, c.m - 1, c.d, h, mi, s);
  let t = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  t = wall - offsetMinutes(new Date(t), timeZone) * 60_000;
  return new Date(t);
}
