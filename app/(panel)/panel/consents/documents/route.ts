// GET /panel/consents/documents — the filtered consent list's signed PDFs as one ZIP, streamed
// (lib/consents/zip-consent-documents.ts): the list's own address, the session user's tenant, at most
// 200 documents and 200 MB. Anyone who may open consents: each PDF is one they could download there.
import { NextResponse } from "next/server";
import { consentListDownload } from "@/lib/consents/consent-list-download";
import { ZIP_EMPTY_PARAM } from "@/lib/consents/consent-list-params";
import { zipConsentDocuments, MAX_DOCUMENTS } from "@/lib/consents/zip-consent-documents";
import { formatDate } from "@/lib/time";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";

export function GET(request: Request): Promise<Response> {
  return consentListDownload(request, async (tenantId, filters, patient) => {
    const zip = await zipConsentDocuments(tenantId, filters, patient);
    // Nothing to zip: back to the same list, which says so (issue #51: a bare text page left the panel).
    if (zip.matched === 0) {
      const back = new URL("/panel/consents", env().APP_URL);
      new URL(request.url).searchParams.forEach((v, k) => back.searchParams.set(k, v));
      back.searchParams.set(ZIP_EMPTY_PARAM, "1");
      return NextResponse.redirect(back, 303);
    }
    return new Response(zip.stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="onam-belgeleri-${formatDate(now(), env().APP_TIMEZONE)}.zip"`,
        "Cache-Control": "private, no-store",
        "X-Capped": String(zip.matched > MAX_DOCUMENTS),
      },
    });
  });
}
