// GET /panel/consents/export — the filtered consent list as CSV (lib/consents/export-consents-csv.ts): the
// list's own address (plain filters, the encrypted person/physician/procedure), the session user's tenant.
// Staff may export: the file holds less than the list pages they already read (no names).
import { consentListDownload } from "@/lib/consents/consent-list-download";
import { exportConsentsCsv, MAX_ROWS } from "@/lib/consents/export-consents-csv";
import { formatDate } from "@/lib/time";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";

export function GET(request: Request): Promise<Response> {
  return consentListDownload(request, async (tenantId, filters, patient) => {
    const csv = await exportConsentsCsv(tenantId, filters, patient);
    return new Response(csv.body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="onamlar-${formatDate(now(), env().APP_TIMEZONE)}${csv.capped ? `-ilk-${MAX_ROWS}` : ""}.csv"`,
        "Cache-Control": "private, no-store",
        "X-Row-Count": String(csv.rows),
        "X-Row-Cap": String(MAX_ROWS),
        "X-Capped": String(csv.capped),
      },
    });
  });
}
