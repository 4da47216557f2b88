-- decisions §14: the seal of each document, and the retry of a document stored unsealed.
ALTER TABLE "consents" ADD COLUMN "seal_level" TEXT;
ALTER TABLE "consents" ADD COLUMN "seal_signer" TEXT;
ALTER TABLE "consents" ADD COLUMN "seal_error" TEXT NOT NULL DEFAULT '';
ALTER TABLE "consents" ADD COLUMN "seal_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "consents" ADD COLUMN "seal_next_attempt_at" TIMESTAMP(3);
ALTER TABLE "consents" ADD COLUMN "superseded_sha256" TEXT;
CREATE INDEX "consents_seal_next_attempt_at_idx" ON "consents"("seal_next_attempt_at");
