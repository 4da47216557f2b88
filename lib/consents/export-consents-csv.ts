// The CSV export of the panel's filtered consent list, for a clinic's spreadsheet. What it holds is
// chosen by data minimisation (KVKK; decisions §15): ids, statuses, dates, the template's code and
// version, the text's language and the masked identifiers (T.C. and phone as the consent object masks
// them). No name, no patient id and no physician or procedure: a procedure is health data, and a file
// leaves the service's controls the moment it is saved. A UTF-8 byte order mark makes Excel read the
// Turkish letters right; at most MAX_ROWS rows, newest first, and the answer says when it stopped there.
import { stringify } from "csv-stringify/sync";
import { consentExportRows, type ConsentExportRow } from "@/lib/db/consent-export";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus, STATUS_TEXT } from "@/lib/consents/consent-status";
import type { PatientSearch } from "@/lib/consents/patient-search";
import { panelConsentFilter } from "@/lib/consents/panel-consent-filter";

export const MAX_ROWS = 10_000;

/**
 * The file's columns, in this order (docs/panel.md): Turkish headers for the clinic's spreadsheet
 * (issue #51), the status as its `status_text` (decisions §5). The panel's file only — the API has no
 * CSV; the order is kept when a column is added (at the end).
 */
export const CSV_COLUMNS = [
  "Onam no",
  "Durum",
  "Şablon kodu",
  "Şablon sürümü",
  "Dil",
  "T.C. kimlik no (maskeli)",
  "Telefon (maskeli)",
  "Dış referans",
  "Oluşturulma",
  "Son geçerlilik",
  "İmzalanma",
  "Hekim onayı",
  "Ret",
  "İptal",
  "Geri alınma",
  "Zaman damgası",
  "Belge SHA-256",
  "Kişisel veriler silindi",
] as const;

/** The time-stamp's state (consents.ts_status) as a clinic reads it. */
const TIMESTAMP_TEXT: Record<string, string> = { ok: "Alındı", queued: "Bekliyor", failed: "Alınamadı", none: "Yok" };

interface ConsentsCsv {
  body: string;
  rows: number;
  /** more consents matched than MAX_ROWS (or than the physician/procedure scan reads) */
  capped: boolean;
}

function csvRow(r: ConsentExportRow, at: Date, tz: string): string[] {
  const dt = (d: Date | null) => (d ? formatDateTime(new Date(d), tz) : "");
  const purged = r.purgedAt !== null;
  return [
    r.id,
    STATUS_TEXT[effectiveStatus(r.status, new Date(r.expiresAt), at)],
    r.templateCode,
    String(r.templateVersion),
    r.language,
    purged ? "" : (r.tcMasked ?? ""),
    purged ? "" : (r.phoneMasked ?? ""),
    // The one column of free text (the integrator's reference): defused against formulas.
    purged ? "" : defuse(r.externalRef ?? ""),
    dt(r.createdAt),
    dt(r.expiresAt),
    dt(r.signedAt),
    dt(r.countersignedAt),
    dt(r.rejectedAt),
    dt(r.cancelledAt),
    dt(r.withdrawnAt),
    TIMESTAMP_TEXT[r.tsStatus] ?? r.tsStatus,
    r.documentSha256 ?? "",
    purged ? "Evet" : "Hayır",
  ];
}

/**
 * Free text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with '. Only
 * the free text: the other cells are the service's own (ids, codes, dates, masked numbers such as
 * `+90532*****67`, which must stay as the consent object serves them).
 */
function defuse(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export async function exportConsentsCsv(tenantId: string, query: Record<string, string>, patient?: PatientSearch): Promise<ConsentsCsv> {
  const { filter, scanCapped } = await panelConsentFilter(tenantId, { ...query, limit: "1", offset: "0" }, patient);
  const rows = await consentExportRows(tenantId, filter, MAX_ROWS + 1);
  const at = now();
  const tz = env().APP_TIMEZONE;
  const kept = rows.slice(0, MAX_ROWS);
  const body = "\uFEFF" + stringify([[...CSV_COLUMNS], ...kept.map((r) => csvRow(r, at, tz))], { record_delimiter: "\r\n" });
  return { body, rows: kept.length, capped: rows.length > MAX_ROWS || scanCapped };
}
