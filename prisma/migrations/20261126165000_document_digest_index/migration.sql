-- POST /v1/verify and the public page find a document by its digest alone (decisions §23): the
-- digest of the document on record, or of the unsealed copy it replaced.
CREATE INDEX "consents_document_sha256_idx" ON "consents"("document_sha256");
CREATE INDEX "consents_superseded_sha256_idx" ON "consents"("superseded_sha256");
