// Consent statuses (decisions §5). `sent` is the only one open to the person, `signed` the one open to
// the physician (§19); a `sent` consent past expires_at reads as `expired` everywhere, even before the
// sweep has recorded it.
import { CONSENT_STATUSES, STATUS_TEXT, type ConsentStatus } from "@/lib/contract/enums";

export { CONSENT_STATUSES, STATUS_TEXT, type ConsentStatus };

export function effectiveStatus(status: string, expiresAt: Date, at: Date): ConsentStatus {
  if (status === "sent" && expiresAt <= at) return "expired";
  return status as ConsentStatus;
}
