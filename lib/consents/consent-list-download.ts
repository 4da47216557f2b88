// What the consent list's downloads (CSV, ZIP of PDFs) share: the panel session (signed out → the
// sign-in page, 303), the consents role, the list's own address opened for this user — an encrypted
// search that does not open here exports nothing rather than everything — and its filters' errors
// as a plain-text 422, never a 500. Each user may download at most DOWNLOADS_PER_MINUTE files a
// minute (issue #49): a 10 000-row CSV or a 200-document ZIP is real work, and a loop must not hold
// the storage and the database for everyone else.
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { patientSearch, type PatientSearch } from "@/lib/consents/patient-search";
import { SIGN_IN_PATH } from "@/lib/users/auth-options";
import { readConsentListAddress } from "@/lib/consents/consent-list-params";
import { ACCOUNT_PATH, currentPanelUser, PASSWORD_PATH } from "@/lib/users/require-panel-user";
import { panelAccess } from "@/lib/users/roles";
import { hit } from "@/lib/limits/rate-limit";

export const DOWNLOADS_PER_MINUTE = 10;

export function plainText(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function consentListDownload(
  request: Request,
  produce: (tenantId: string, filters: Record<string, string>, patient: PatientSearch | undefined) => Promise<Response>,
): Promise<Response> {
  const user = await currentPanelUser();
  if (!user) return NextResponse.redirect(new URL(SIGN_IN_PATH, env().APP_URL), 303);
  const access = panelAccess(user, "consents");
  if (access === "password_change") return NextResponse.redirect(new URL(PASSWORD_PATH, env().APP_URL), 303);
  if (access === "two_factor_setup") return NextResponse.redirect(new URL(ACCOUNT_PATH, env().APP_URL), 303);
  if (access === "forbidden") return plainText(403, "Bu işlem için yetkiniz yok.");
  const limit = await hit(`panel-download:${user.id}`, DOWNLOADS_PER_MINUTE, 60);
  if (!limit.allowed) {
    const res = plainText(429, `Çok sayıda indirme yapıldı; ${limit.reset} saniye sonra yeniden deneyin.`);
    res.headers.set("Retry-After", String(limit.reset));
    return res;
  }
  const address = readConsentListAddress(user, Object.fromEntries(new URL(request.url).searchParams));
  if (address.searchToken && address.opened === null) return plainText(422, "Bu arama bu adresten yeniden açılamıyor; listeyi yeniden süzün.");
  try {
    const q = address.opened?.q;
    return await produce(user.tenantId, address.filters, q ? patientSearch(user.tenantId, q) : undefined);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return plainText(422, [err.message, ...Object.entries(err.errors ?? {}).map(([k, v]) => `${k}: ${v.join(", ")}`)].join(" "));
  }
}
