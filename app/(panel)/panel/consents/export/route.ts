// GET /panel/consents/export — the filtered consent list as CSV (lib/panel/export-consents-csv.ts): the
// list's own address (plain filters, the sealed person/physician/procedure), the session user's tenant.
// Staff may export: the file holds less than the list pages they already read (no names).
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { currentPanelUser } from "@/lib/panel/require-panel-user";
import { canAccess } from "@/lib/panel/roles";
import { SIGN_IN_PATH } from "@/lib/panel/auth-options";
import { readConsentListAddress } from "@/lib/panel/consent-list-params";
import { patientSearch } from "@/lib/consents/patient-search";
import { exportConsentsCsv, MAX_ROWS } from "@/lib/panel/export-consents-csv";
import { formatDate } from "@/lib/time";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";

export async function GET(request: Request): Promise<Response> {
  const user = await currentPanelUser();
  if (!user) return NextResponse.redirect(new URL(SIGN_IN_PATH, env().APP_URL), 303);
  if (!canAccess(user.role, "consents")) return text(403, "Bu işlem için yetkiniz yok.");
  const address = readConsentListAddress(user, Object.fromEntries(new URL(request.url).searchParams));
  // A sealed search that does not open here (another user's address) exports nothing rather than everything.
  if (address.sealed && address.opened === null) return text(422, "Bu arama bu adresten yeniden açılamıyor; listeyi yeniden süzün.");
  try {
    const q = address.opened?.q;
    const csv = await exportConsentsCsv(user.tenantId, address.filters, q ? patientSearch(user.tenantId, q) : undefined);
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
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return text(422, [err.message, ...Object.entries(err.errors ?? {}).map(([k, v]) => `${k}: ${v.join(", ")}`)].join(" "));
  }
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
