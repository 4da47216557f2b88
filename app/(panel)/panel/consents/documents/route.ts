// GET /panel/consents/documents — the filtered consent list's signed PDFs as one ZIP, streamed
// (lib/panel/zip-consent-documents.ts): the list's own address, the session user's tenant, at most
// 200 documents and 200 MB. Anyone who may open consents: each PDF is one they could download there.
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { currentPanelUser } from "@/lib/panel/require-panel-user";
import { canAccess } from "@/lib/panel/roles";
import { SIGN_IN_PATH } from "@/lib/panel/auth-options";
import { readConsentListAddress } from "@/lib/panel/consent-list-params";
import { patientSearch } from "@/lib/consents/patient-search";
import { zipConsentDocuments, MAX_DOCUMENTS } from "@/lib/panel/zip-consent-documents";
import { formatDate } from "@/lib/time";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";

export async function GET(request: Request): Promise<Response> {
  const user = await currentPanelUser();
  if (!user) return NextResponse.redirect(new URL(SIGN_IN_PATH, env().APP_URL), 303);
  if (!canAccess(user.role, "consents")) return text(403, "Bu işlem için yetkiniz yok.");
  const address = readConsentListAddress(user, Object.fromEntries(new URL(request.url).searchParams));
  if (address.sealed && address.opened === null) return text(422, "Bu arama bu adresten yeniden açılamıyor; listeyi yeniden süzün.");
  try {
    const q = address.opened?.q;
    const zip = await zipConsentDocuments(user.tenantId, address.filters, q ? patientSearch(user.tenantId, q) : undefined);
    if (zip.matched === 0) return text(404, "Süzülen listede indirilebilir belge yok.");
    return new Response(zip.stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="onam-belgeleri-${formatDate(now(), env().APP_TIMEZONE)}.zip"`,
        "Cache-Control": "private, no-store",
        "X-Capped": String(zip.matched > MAX_DOCUMENTS),
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
