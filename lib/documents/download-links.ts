// Download URLs (decisions §8): the expiry and an HMAC in the query, valid 24 hours, 403 when
// altered or expired. Issued afresh on every read; never stored.
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { safeEqual } from "@/lib/crypto";

export const DOWNLOAD_KINDS = ["pdf", "evidence", "tsr", "receipt"] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];
const DOWNLOAD_TTL_MS = 24 * 3_600_000;

function signature(consentId: string, kind: string, exp: number): string {
  const key = createHmac("sha256", env().APP_SECRET).update("download-links:v1").digest();
  return createHmac("sha256", key).update(`${consentId}\n${kind}\n${exp}`).digest("base64url");
}

export function downloadUrl(consentId: string, kind: DownloadKind, at: Date): string {
  const exp = Math.floor((at.getTime() + DOWNLOAD_TTL_MS) / 1000);
  return `${env().APP_URL}/d/${consentId}/${kind}?exp=${exp}&sig=${signature(consentId, kind, exp)}`;
}

/** True when exp/sig were issued by this service for this consent and kind and have not expired. */
export function verifyDownload(consentId: string, kind: string, exp: string | null, sig: string | null, at: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 <= at.getTime()) return false;
  return safeEqual(signature(consentId, kind, Number(exp)), sig);
}
