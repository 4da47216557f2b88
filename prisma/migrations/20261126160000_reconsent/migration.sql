-- decisions §22: re-consent. A material publish marks the completed consents of earlier versions
-- reconsent_required, in the background: the pending marking is a row of its own (a crash resumes it,
-- and a tenant with 100 000 consents on the old version is marked in batches, never in one long
-- transaction). A re-consent names the consent it renews (previous_id); the old one names it back
-- (replaced_by) and becomes superseded when the new one completes.
ALTER TABLE "consents" ADD COLUMN "reconsent_required" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "consents" ADD COLUMN "previous_id" TEXT;
ALTER TABLE "consents" ADD COLUMN "replaced_by" TEXT;

CREATE TABLE "reconsent_markings" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "marked" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL,
    "done_at" TIMESTAMP(3),

    CONSTRAINT "reconsent_markings_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "reconsent_markings_template_id_version_key" ON "reconsent_markings"("template_id", "version");

-- What the marking job looks for: markings not done, and a template's completed consents not yet marked.
CREATE INDEX "reconsent_markings_pending_idx" ON "reconsent_markings" ("id") WHERE "done_at" IS NULL;
CREATE INDEX "consents_reconsent_unmarked_idx" ON "consents" ("template_id", "template_version", "id")
  WHERE "status" = 'completed' AND NOT "reconsent_required";
-- The panel's list per template: completed consents awaiting re-consent, newest first.
CREATE INDEX "consents_reconsent_awaiting_idx" ON "consents" ("tenant_id", "template_id", "created_at" DESC, "id" DESC)
  WHERE "status" = 'completed' AND "reconsent_required";
