// decisions §23: one SMS reminder for an open consent, its tenant's chosen number of hours before it
// expires, for one quota unit, recorded as `hatirlatma_gonderildi`. A background job; each consent
// is claimed once under its row lock, so instances and retries never remind twice. None after the
// tenant's licence has ended.
import { transaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/time";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { claimReminder, dueReminders } from "@/lib/db/consents";
import { insertSmsMessage } from "@/lib/db/sms-messages";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { chargeSmsUnit } from "@/lib/quota/charge-sms-unit";
import { lockOpenConsent } from "@/lib/consents/lock-open-consent";
import { sendLinkSms } from "@/lib/consents/send-link-sms";

export const REMINDER_BATCH = 50;

export async function sendDueReminders(batch = REMINDER_BATCH): Promise<number> {
  const at = now();
  // A tenant whose licence has ended (decisions §11: license_ends is the last valid day, a calendar
  // day in the service's zone, as assertLicenseValid reads it) sends nothing more. Its consents are
  // left out of the batch, not claimed: they cannot crowd out other tenants' reminders, and a renewed
  // licence still reminds while the link is open.
  const due = await dueReminders(at, batch, formatDate(at, env().APP_TIMEZONE));
  for (const c of due) {
    const messageId = await transaction(async (tx) => {
      // A signature, cancel or expiry that just happened wins; so does another instance's claim.
      if (!(await lockOpenConsent(tx, c.tenantId, c.id, at))) return null;
      if (!(await claimReminder(tx, c.id, at))) return null;
      let units: number;
      try {
        units = await chargeSmsUnit(tx, c.tenantId, c.id, "consent_reminder", SYSTEM_ORIGIN.actor);
      } catch (err) {
        // No units left: the reminder is skipped (claimed, so not retried every run), the link stays.
        if (err instanceof AppError && err.code === "quota_exhausted") {
          logger().warn({ consentId: c.id }, "reminder skipped: quota exhausted");
          return null;
        }
        throw err;
      }
      const id = newId("sms");
      await insertSmsMessage(tx, { id, tenantId: c.tenantId, consentId: c.id, kind: "reminder", toMasked: c.phoneMasked ?? "", unitsCharged: units, createdAt: at });
      await appendEvent(tx, c.id, "hatirlatma_gonderildi", SYSTEM_ORIGIN, at, { message_id: id, hours_before: c.hours });
      return id;
    });
    if (messageId) await sendLinkSms(messageId);
  }
  return due.length;
}
