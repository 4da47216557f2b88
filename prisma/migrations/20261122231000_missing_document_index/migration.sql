-- The runner's crash-recovery sweep (produceMissingDocuments, every few seconds) looks for completed
-- consents without a document. Without an index it scanned every completed consent: ~2 s of
-- database CPU per sweep at a million consents, slowing every request. Such rows are rare, so the
-- partial index stays tiny. (Prisma's schema cannot express a partial index; it lives here only.)
CREATE INDEX "consents_missing_document_idx" ON "consents" ("signed_at")
  WHERE "status" = 'completed' AND "document_sha256" IS NULL;
