// decisions §25: what a printout's QR code leads to, without the file — the consent's status, the
// institution and when it was signed; nothing about the person. A withdrawn or superseded consent's
// PDF still verifies byte for byte (§18), so whoever holds a printout needs this to learn whether it
// still stands. Found by the consent id alone, as the public verify finds a document by its digest.
import { now } from "@/lib/clock";
import { publicStatusRow } from "@/lib/db/consent-reads";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus, STATUS_TEXT, type ConsentStatus } from "@/lib/consents/consent-status";

export interface PublicStatus {
  id: string;
  status: ConsentStatus;
  status_text: string;
  institution: string;
  /** decisions §1's `YYYY-MM-DD HH:MM:SS` in the service zone; null when nobody signed (a refusal, an open link) */
  signed_at: string | null;
}

/** Consent ids are `ons_<yymmdd>_<14 characters>`; anything else is unknown without a query. */
const ID = /^ons_\d{6}_[A-Za-z0-9]{8,32}$/;

export async function getPublicStatus(id: string): Promise<PublicStatus> {
  const row = ID.test(id) ? await publicStatusRow(id) : null;
  if (!row) throw new AppError("not_found", "Bu numarayla bir onam bulunamadı.");
  const status = effectiveStatus(row.status, row.expiresAt, now());
  return {
    id: row.id,
    status,
    status_text: STATUS_TEXT[status],
    institution: row.tenant.name,
    signed_at: row.signedAt ? formatDateTime(row.signedAt, env().APP_TIMEZONE) : null,
  };
}
