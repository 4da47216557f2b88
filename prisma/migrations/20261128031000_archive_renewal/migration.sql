-- decisions §24, issue #47: archive renewal. Each document's last document time-stamp is read once
-- (archive_sha256 says which file was read) and its certificate's expiry kept, so that the renewal job
-- finds what is due with an index instead of opening every document.
ALTER TABLE "consents" ADD COLUMN "archive_sha256" TEXT,
ADD COLUMN "archive_ts_not_after" TIMESTAMP(3),
ADD COLUMN "archive_next_attempt_at" TIMESTAMP(3);

-- Documents not read yet: new ones, and each file an archive renewal or a late seal replaced.
CREATE INDEX "consents_archive_unread_idx" ON "consents"("document_at") WHERE "document_sha256" IS NOT NULL AND "archive_sha256" IS DISTINCT FROM "document_sha256" AND "purged_at" IS NULL;
-- Read documents by the expiry of their last document time-stamp's certificate.
CREATE INDEX "consents_archive_due_idx" ON "consents"("archive_ts_not_after") WHERE "archive_ts_not_after" IS NOT NULL AND "purged_at" IS NULL;

CREATE TABLE "earlier_documents" (
    "sha256" TEXT NOT NULL,
    "consent_id" TEXT NOT NULL,
    "replaced_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "earlier_documents_pkey" PRIMARY KEY ("sha256")
);

CREATE INDEX "earlier_documents_consent_id_idx" ON "earlier_documents"("consent_id");

ALTER TABLE "earlier_documents" ADD CONSTRAINT "earlier_documents_consent_id_fkey" FOREIGN KEY ("consent_id") REFERENCES "consents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
