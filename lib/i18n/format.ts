// Dates, durations and file sizes as people read them, one implementation for pages, the panel and the PDFs.
import type { Language } from "@/lib/i18n/languages";
import { formatDateTime, wallClockToDate, zoneLabel } from "@/lib/time";

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Each language's Intl locale (Arabic with Latin digits, as the documents print them). */
const LOCALES: Record<Language, string> = { tr: "tr-TR", en: "en-GB", ar: "ar-u-nu-latn", de: "de-DE", ru: "ru-RU", fr: "fr-FR" };

/**
 * A wall-clock time of the service's zone as people read it, followed by that zone (decisions §25):
 * "2026-11-22 14:03:09" → "22.11.2026 14:03 (GMT+03:00)" (tr), "22 Nov 2026, 14:03 (GMT+03:00)"
 * (en), the locale's own form otherwise; `seconds` keeps them. `timeZone` is the zone the time is
 * written in (APP_TIMEZONE, which client components get from their page); the label is its offset at
 * that instant. A calendar date "2026-11-22" → "22.11.2026" (tr), "22 Nov 2026" (en), no zone.
 * Anything else comes back as it was (decisions §23: one date style per language for people; the API
 * keeps §1's formats). The one helper for every time a person reads on a page.
 */
export function formatWhen(s: string, lang: Language, timeZone: string, seconds = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s);
  if (!m) return s;
  const [, y, mo, d, h, mi, sec] = m;
  const withTime = h !== undefined;
  const time = withTime ? `${h}:${mi}${seconds && sec ? `:${sec}` : ""}` : "";
  const instant = withTime ? wallClockToDate(`${y}-${mo}-${d} ${h}:${mi}:${sec ?? "00"}`, timeZone) : undefined;
  const zone = instant ? ` (${zoneLabel(instant, timeZone)})` : "";
  if (lang === "en") return `${Number(d)} ${MONTHS_EN[Number(mo) - 1] ?? mo} ${y}${withTime ? `, ${time}` : ""}${zone}`;
  if (lang === "tr") return `${d}.${mo}.${y}${withTime ? ` ${time}` : ""}${zone}`;
  // Formatted as if UTC, so the reader's own zone changes nothing.
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(sec ?? 0));
  const text = new Intl.DateTimeFormat(LOCALES[lang], {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    ...(withTime && seconds && sec ? { second: "2-digit" } : {}),
    timeZone: "UTC",
  } as Intl.DateTimeFormatOptions).format(at);
  // The zone kept left to right inside Arabic text, as the phone numbers are.
  return zone ? `${text} ${lang === "ar" ? `\u2066${zone.trim()}\u2069` : zone.trim()}` : text;
}

/** A calendar date as people of `lang` read it: "2026-11-22" → "22.11.2026" (tr), "22 Nov 2026" (en). */
export function formatDay(s: string, lang: Language): string {
  return formatWhen(s.slice(0, 10), lang, "UTC");
}

/** An instant as people of `lang` read it, on the wall clock of `timeZone`, with that zone. */
export function formatAt(at: Date, timeZone: string, lang: Language, seconds = false): string {
  return formatWhen(formatDateTime(at, timeZone), lang, timeZone, seconds);
}

/** Unit names, largest first: days, hours, minutes, seconds. */
const DURATION_UNITS = {
  /** the evidence report's prose: "2 saat 5 dakika" */
  "tr-long": ["gün", "saat", "dakika", "saniye"],
  tr: ["gün", "sa", "dk", "sn"],
  en: ["d", "h", "min", "s"],
} as const;
const UNIT_SECONDS = [86_400, 3_600, 60, 1];

/** The largest unit and, when not zero, the next one: 93 784 s → "1 gün 2 saat", 90 s → "1 min 30 s", 0 → "0 sn". */
export function formatDuration(totalSeconds: number, units: keyof typeof DURATION_UNITS): string {
  const names = DURATION_UNITS[units];
  const rest = Math.max(0, Math.round(totalSeconds));
  const first = UNIT_SECONDS.findIndex((size) => rest >= size);
  if (first === -1) return `0 ${names[3]}`;
  const big = Math.floor(rest / UNIT_SECONDS[first]!);
  const next = first < 3 ? Math.floor((rest % UNIT_SECONDS[first]!) / UNIT_SECONDS[first + 1]!) : 0;
  return next > 0 ? `${big} ${names[first]} ${next} ${names[first + 1]}` : `${big} ${names[first]}`;
}

/** 65 536 bytes → "64 KB" (with the language's decimal sign), MB from 1 MiB. */
export function formatSize(bytes: number, lang: Language): string {
  const kb = bytes / 1024;
  const n = kb < 1024 ? kb : kb / 1024;
  return `${n.toLocaleString(LOCALES[lang], { maximumFractionDigits: 1 })} ${kb < 1024 ? "KB" : "MB"}`;
}

/**
 * A message as a sentence (issue #42: sentence-case errors): "en az 8 karakter olmalı" → "En az 8
 * karakter olmalı.". The service's field messages are fragments (the API puts them after the field's
 * name), and they are Turkish, so the first letter is raised the Turkish way (i → İ). A first word
 * that is an address, a field name or a placeholder ("https://…", "degiskenler.doz:") keeps its case.
 */
export function asSentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const first = /[:/._@{}]/.test(t.split(/\s/, 1)[0]!) ? t.charAt(0) : t.charAt(0).toLocaleUpperCase("tr-TR");
  return `${first}${t.slice(1)}${/[.!?…:)]$/.test(t) ? "" : "."}`;
}
