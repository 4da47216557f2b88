-- A document that cannot be rendered is tried again on a schedule (1 min, 5 min, 30 min, 2 h, then
-- every 6 h), not on every sweep, and never ahead of the other consents waiting for theirs.
ALTER TABLE "consents" ADD COLUMN "document_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "consents" ADD COLUMN "document_next_attempt_at" TIMESTAMP(3);
-- The sweep has looked for withdrawn consents too since withdrawal (decisions §18), and a predicate
-- on status = 'completed' alone cannot serve status IN (...): each sweep read every completed and
-- withdrawn consent through the status index. The partial index now matches the query.
DROP INDEX "consents_missing_document_idx";
CREATE INDEX "consents_missing_document_idx" ON "consents" ("signed_at")
  WHERE "status" IN ('completed', 'withdrawn') AND "document_sha256" IS NULL;
