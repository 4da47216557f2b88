-- decisions §24 (issue #48): the physician's qualified signature. The tenant chooses how physicians
-- countersign (`cizim`: a drawn image, §19; `nitelikli`: a PAdES signature by their own qualified
-- certificate), a consent may override it when created. A qualified countersignature is made in two
-- steps: the prepared document and the attributes to sign wait here for 10 minutes, used once.
ALTER TABLE "tenants" ADD COLUMN "physician_signature_type" TEXT NOT NULL DEFAULT 'cizim';
ALTER TABLE "consents" ADD COLUMN "physician_signature_type" TEXT NOT NULL DEFAULT 'cizim';
-- the physician's certificate (subject, issuer, serial, sha256) as JSON, encrypted: its subject names them
ALTER TABLE "consents" ADD COLUMN "countersign_certificate" TEXT;
-- the document the physician signed (encrypted): what the completion seals
ALTER TABLE "consents" ADD COLUMN "countersigned_pdf" BYTEA;

CREATE TABLE "qualified_prepares" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "consent_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "physician_name" TEXT NOT NULL,
    "registration_no" TEXT,
    "informed_at" TIMESTAMP(3) NOT NULL,
    "certificate" BYTEA NOT NULL,
    -- the certificate's issuers as sent: base64 DER, space-separated
    "chain" TEXT NOT NULL DEFAULT '',
    "signed_attributes" BYTEA NOT NULL,
    "pdf" BYTEA,

    CONSTRAINT "qualified_prepares_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "qualified_prepares_consent_id_idx" ON "qualified_prepares"("consent_id");
CREATE INDEX "qualified_prepares_expires_at_idx" ON "qualified_prepares"("expires_at");
