-- issue #51 (branch withdrawal-receipt): the sealed withdrawal receipt ("Geri Çekme Tutanağı") of a
-- withdrawn consent, made off the request by the completion pipeline beside the untouched original.
ALTER TABLE "consents" ADD COLUMN "receipt_sha256" TEXT;
ALTER TABLE "consents" ADD COLUMN "receipt_key" TEXT;
ALTER TABLE "consents" ADD COLUMN "receipt_at" TIMESTAMP(3);
ALTER TABLE "consents" ADD COLUMN "receipt_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "consents" ADD COLUMN "receipt_next_attempt_at" TIMESTAMP(3);
CREATE INDEX "consents_receipt_sha256_idx" ON "consents" ("receipt_sha256");
