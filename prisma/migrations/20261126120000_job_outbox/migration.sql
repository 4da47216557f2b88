-- The job outbox (lib/db/outbox.ts): events for the background work, written in the transaction of
-- the change that calls for them and sent after commit, so that a crash in between loses nothing.
CREATE TABLE "job_outbox" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "claimed_until" TIMESTAMP(3),

    CONSTRAINT "job_outbox_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "job_outbox_key_key" ON "job_outbox"("key");

-- One completion pipeline (lib/completion): its sweep looks for signed consents not yet announced
-- (no document yet, or a document whose timestamp cycle has ended); once announced a consent
-- leaves this index, so it holds only the work in progress.
DROP INDEX "consents_missing_document_idx";
CREATE INDEX "consents_unannounced_idx" ON "consents" ("signed_at")
  WHERE "status" IN ('completed', 'withdrawn') AND "completion_announced_at" IS NULL;
