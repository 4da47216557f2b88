-- decisions §26: in-person identity (kiosk). `sms` (the default): the person proves the phone with a
-- code; `yuz_yuze`: no SMS and no code, the consent opens only on the clinic's kiosk view after a
-- signed-in staff member confirmed the identity document; whose name is kept for the PDF.
ALTER TABLE "consents" ADD COLUMN "identity_check" TEXT NOT NULL DEFAULT 'sms';
ALTER TABLE "consents" ADD COLUMN "identity_verified_by" TEXT;
