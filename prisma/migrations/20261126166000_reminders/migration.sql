-- decisions §23: a tenant may have one SMS reminder sent for each open consent a chosen number of
-- hours before it expires. The runner looks for open, unreminded consents of SMS by expiry; the
-- partial index holds only those, so the look costs nothing once they are reminded or closed.
ALTER TABLE "tenants" ADD COLUMN "reminder_hours_before" INTEGER;
ALTER TABLE "consents" ADD COLUMN "reminder_sent_at" TIMESTAMP(3);
CREATE INDEX "consents_reminder_due_idx" ON "consents"("expires_at") WHERE "status" = 'sent' AND "reminder_sent_at" IS NULL AND "sms_enabled";
