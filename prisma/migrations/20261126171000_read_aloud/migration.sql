-- decisions §22: read aloud. One recording per template, language and text (the content hash of that
-- language's body): a version whose text in that language has the hash offers it, so a formal
-- re-publish with the same text keeps it and a changed text drops it. The bytes live in the file
-- storage (encrypted at rest; S3 when configured) under storage_key; this row is written only after
-- they are stored, so no row names bytes that are not there.
CREATE TABLE "template_audio" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,

    CONSTRAINT "template_audio_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "template_audio_template_id_language_content_hash_key" ON "template_audio"("template_id", "language", "content_hash");
CREATE INDEX "template_audio_tenant_id_idx" ON "template_audio"("tenant_id");

ALTER TABLE "template_audio" ADD CONSTRAINT "template_audio_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
