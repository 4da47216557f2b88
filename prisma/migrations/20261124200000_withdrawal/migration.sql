-- decisions §18: a signed consent the person withdrew.
ALTER TABLE "consents" ADD COLUMN "withdrawn_at" TIMESTAMP(3);
ALTER TABLE "consents" ADD COLUMN "withdraw_reason" TEXT;
