// The file SMS driver's outbox (decisions §13) shown in the panel. The file is shared by every tenant,
// so only lines of this tenant's consents are shown.
import { tenantConsentIds } from "@/lib/db/consent-panel-reads";
import { env } from "@/lib/env";
import { readOutbox } from "@/lib/sms/file-driver";
import { maskPhone } from "@/lib/phone";
import { formatDateTime } from "@/lib/time";

export interface OutboxLine {
  /** masked like everywhere else in the panel (decisions §5) */
  to: string;
  body: string;
  kind: string;
  consentId: string;
  /** `YYYY-MM-DD HH:MM:SS` in the service's time zone, like every other time in the panel */
  at: string;
}

const TAIL_BYTES = 256 * 1024;

/**
 * What the panel shows instead of an OTP message in production (decisions §15): a code is the
 * patient's credential, and staff who could read it could sign in the patient's place.
 */
const OTP_HIDDEN = "[doğrulama kodu gizlendi / verification code hidden]";

export async function readSmsOutbox(tenantId: string, limit = 50): Promise<OutboxLine[] | null> {
  const e = env();
  if (e.SMS_DRIVER !== "file") return null;
  const lines = (await readOutbox(e.SMS_OUTBOX_PATH, TAIL_BYTES)).flatMap((l) =>
    l.consent_id ? [{ to: maskPhone(l.to), body: e.isProduction && l.kind === "otp" ? OTP_HIDDEN : l.body, kind: l.kind, consentId: l.consent_id, at: shownTime(l.at, e.APP_TIMEZONE) }] : [],
  );
  const ids = [...new Set(lines.map((l) => l.consentId))];
  const own = await tenantConsentIds(tenantId, ids);
  return lines.filter((l) => own.has(l.consentId)).reverse().slice(0, limit);
}

function shownTime(iso: string, timeZone: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDateTime(d, timeZone);
}
