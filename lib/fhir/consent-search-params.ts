// The parameters of GET /fhir/r4/Consent (decisions §21): status, date, identifier, _count, the
// page token of the `next` links, and _format. Anything else is refused, naming the parameter:
// a client that filters by something the service ignores would read every consent as a match.
import type { ConsentStatus } from "@/lib/consents/consent-status";
import type { PageCursor } from "@/lib/db/consents";
import { AppError } from "@/lib/errors";
import { parseCalendarDate, parseDateTimeIn, startOfDayIn } from "@/lib/time";
import { FHIR_CONSENT_STATUSES, statusesFor, type FhirConsentStatus } from "@/lib/fhir/consent-status";

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
export const PAGE_TOKEN = "_page_token";
const STATUS_SYSTEM = "http://hl7.org/fhir/consent-state-codes";
// "application/fhir json": the "+" of a client that did not percent-encode it, read as a space.
const FORMATS = new Set(["json", "application/json", "application/fhir+json", "application/fhir json"]);
const KNOWN = new Set(["status", "date", "identifier", "_count", PAGE_TOKEN, "_format"]);

export interface ConsentSearch {
  /** any of these (undefined: every status) */
  statuses?: ConsentStatus[];
  createdFrom?: Date;
  createdBefore?: Date;
  identifier?: { system: string; value: string };
  count: number;
  cursor?: PageCursor;
}

/** 400 naming the parameter; `issue` is the OperationOutcome's issue type (lib/fhir/operation-outcome.ts). */
export function badParameter(name: string, message: string, issue: "invalid" | "not-supported" = "invalid"): AppError {
  return new AppError("bad_request", `Arama parametresi ${name}: ${message}`, { [name]: [message] }, { fhirIssue: issue });
}

function once(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw badParameter(name, "en fazla bir kez verilebilir");
  return all[0];
}

function parseStatus(value: string): ConsentStatus[] {
  // A comma is FHIR's "or": status=active,inactive.
  return value.split(",").flatMap((token) => {
    const code = token.startsWith(`${STATUS_SYSTEM}|`) ? token.slice(STATUS_SYSTEM.length + 1) : token;
    if (!(FHIR_CONSENT_STATUSES as readonly string[]).includes(code)) throw badParameter("status", `bilinmeyen durum '${token}' (${FHIR_CONSENT_STATUSES.join(", ")})`);
    return statusesFor(code as FhirConsentStatus);
  });
}

const DATE = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The instants [from, before) a FHIR date value stands for, at its precision. */
function dateRange(m: RegExpExecArray, tz: string): [Date, Date] | null {
  const [, , y, mo, d, hh, mi, ss, frac, zone] = m;
  // Where a calendar day begins in the service's time zone; month 13 and day 32 roll over.
  const dayStart = (year: number, month: number, day: number) => {
    const u = new Date(0);
    u.setUTCFullYear(year, month - 1, day);
    return u.getUTCFullYear() > 9999 ? null : startOfDayIn(u.toISOString().slice(0, 10), tz);
  };
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  if (month < 1 || month > 12) return null;
  if (mo === undefined) return pair(dayStart(year, 1, 1), dayStart(year + 1, 1, 1));
  if (d === undefined) return pair(dayStart(year, month, 1), dayStart(year, month + 1, 1));
  if (!parseCalendarDate(`${y}-${mo}-${d}`)) return null;
  if (hh === undefined) return pair(dayStart(year, month, Number(d)), dayStart(year, month, Number(d) + 1));
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59) return null;
  // Without a zone, the service's time zone (decisions §1), as for /v1's from/to.
  const whole = zone ? new Date(`${y}-${mo}-${d}T${hh}:${mi}:${ss ?? "00"}${zone}`) : parseDateTimeIn(`${y}-${mo}-${d} ${hh}:${mi}:${ss ?? "00"}`, tz);
  if (!whole || Number.isNaN(whole.getTime())) return null;
  const from = new Date(whole.getTime() + (frac ? Math.floor(Number(frac) * 1000) : 0));
  // The value's precision is its width: a minute, a second, or a millisecond.
  const width = frac ? 1 : ss !== undefined ? 1000 : 60_000;
  return [from, new Date(from.getTime() + width)];
}

function pair(a: Date | null, b: Date | null): [Date, Date] | null {
  return a && b ? [a, b] : null;
}

/** Narrows [from, before) by one `date` value: eq (the default), ge, gt, le, lt. */
function applyDate(search: ConsentSearch, value: string, tz: string): void {
  if (value.includes(",")) throw badParameter("date", "virgülle ayrılmış değerler desteklenmez; aralık için date'i iki kez verin (date=ge…&date=lt…)", "not-supported");
  const m = DATE.exec(value);
  const range = m && dateRange(m, tz);
  if (!m || !range) throw badParameter("date", `geçersiz tarih '${value}' (YYYY, YYYY-MM, YYYY-MM-DD ya da YYYY-MM-DDThh:mm:ss+03:00; önek eq, ge, gt, le, lt)`);
  const prefix = m[1] ?? "eq";
  if (!["eq", "ge", "gt", "le", "lt"].includes(prefix)) throw badParameter("date", `'${prefix}' öneki desteklenmez (eq, ge, gt, le, lt)`, "not-supported");
  const [lo, hi] = range;
  const from = prefix === "eq" || prefix === "ge" ? lo : prefix === "gt" ? hi : undefined;
  const before = prefix === "eq" || prefix === "le" ? hi : prefix === "lt" ? lo : undefined;
  if (from && (!search.createdFrom || from > search.createdFrom)) search.createdFrom = from;
  if (before && (!search.createdBefore || before < search.createdBefore)) search.createdBefore = before;
}

function parseIdentifier(value: string): { system: string; value: string } {
  const bar = value.indexOf("|");
  if (bar <= 0 || bar === value.length - 1 || value.includes(",")) {
    throw badParameter("identifier", "system|değer biçiminde tek bir tanımlayıcı gerekli (örn. <kurumun hasta sistemi>|<dis_hasta_id>)");
  }
  return { system: value.slice(0, bar), value: value.slice(bar + 1) };
}

/** The next page starts after this consent: `<created_at ms>.<id>`, base64url. */
export function pageToken(c: PageCursor): string {
  return Buffer.from(`${c.createdAt.getTime()}.${c.id}`).toString("base64url");
}

function parsePageToken(token: string): PageCursor {
  const m = /^(\d{1,15})\.(ons_\d{6}_[a-z0-9]{12,60})$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!m || !/^[A-Za-z0-9_-]+$/.test(token)) throw badParameter(PAGE_TOKEN, "geçersiz sayfa belirteci; bir önceki sayfanın next bağlantısını kullanın");
  return { createdAt: new Date(Number(m[1])), id: m[2]! };
}

export function parseConsentSearch(query: URLSearchParams, tz: string): ConsentSearch {
  for (const name of new Set(query.keys())) {
    if (!KNOWN.has(name)) throw badParameter(name, "desteklenmeyen arama parametresi (status, date, identifier, _count)", "not-supported");
  }
  const format = once(query, "_format");
  if (format !== undefined && !FORMATS.has(format)) throw badParameter("_format", "yalnızca JSON (application/fhir+json) sunulur", "not-supported");
  const countText = once(query, "_count");
  const count = countText === undefined ? DEFAULT_COUNT : Number(countText);
  if (countText !== undefined && (!/^\d{1,4}$/.test(countText) || count > MAX_COUNT)) throw badParameter("_count", `0 ile ${MAX_COUNT} arasında bir tam sayı olmalı`);
  const search: ConsentSearch = { count };
  for (const value of query.getAll("status")) {
    const any = parseStatus(value);
    // Repeating a parameter is FHIR's "and": a consent has one status, so the sets intersect.
    search.statuses = search.statuses ? search.statuses.filter((s) => any.includes(s)) : [...new Set(any)];
  }
  for (const value of query.getAll("date")) applyDate(search, value, tz);
  const identifier = once(query, "identifier");
  if (identifier !== undefined) search.identifier = parseIdentifier(identifier);
  const token = once(query, PAGE_TOKEN);
  if (token !== undefined) search.cursor = parsePageToken(token);
  return search;
}
