-- The consent a stored idempotent response is about: its body is encrypted, so a kurum purge could
-- not find it by searching the body (decisions §4, §12). Rows stored before this column expire within 24 hours.
-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "consent_id" TEXT;

-- CreateIndex
CREATE INDEX "idempotency_records_consent_id_idx" ON "idempotency_records"("consent_id");

