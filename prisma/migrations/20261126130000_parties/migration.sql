-- decisions §19: every party a Turkish consent form needs. The physician who informed the person
-- countersigns (a template version's default, overridable per consent); a witness may sign after the
-- person; a refusal to sign is put on record with a witness. Names, registration numbers and
-- signatures are personal data: encrypted at rest like the others, erased by a kurum purge.
ALTER TABLE "templates" ADD COLUMN "physician_countersign" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "template_versions" ADD COLUMN "physician_countersign" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "consents" ADD COLUMN "countersign_required" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "consents" ADD COLUMN "countersigned_at" TIMESTAMP(3);
ALTER TABLE "consents" ADD COLUMN "countersigned_by" TEXT;
ALTER TABLE "consents" ADD COLUMN "countersigner_name" TEXT;
ALTER TABLE "consents" ADD COLUMN "countersigner_registration_no" TEXT;
ALTER TABLE "consents" ADD COLUMN "informed_at" TIMESTAMP(3);
ALTER TABLE "consents" ADD COLUMN "countersignature" BYTEA;
ALTER TABLE "consents" ADD COLUMN "witness_name" TEXT;
ALTER TABLE "consents" ADD COLUMN "witness_signature" BYTEA;
ALTER TABLE "consents" ADD COLUMN "refusal_witness" TEXT;
ALTER TABLE "consents" ADD COLUMN "refused_by" TEXT;

ALTER TABLE "users" ADD COLUMN "is_physician" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "registration_no" TEXT;

-- The physician's queue: a tenant's consents awaiting the countersignature, oldest signature first.
CREATE INDEX "consents_awaiting_physician_idx" ON "consents" ("tenant_id", "signed_at") WHERE "status" = 'signed';

-- The completion pipeline's sweep now also takes a refusal on record (its Ret Tutanağı document).
DROP INDEX "consents_unannounced_idx";
CREATE INDEX "consents_unannounced_idx" ON "consents" ("signed_at")
  WHERE ("status" IN ('completed', 'withdrawn') OR "refused_by" IS NOT NULL) AND "completion_announced_at" IS NULL;
