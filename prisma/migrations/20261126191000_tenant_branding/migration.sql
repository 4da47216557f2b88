-- decisions §23, issue #42: the institution's logo, address, phone, privacy-notice link and SMS sender
-- name, one row per tenant. The logo is kept twice: as pages get it (a re-encoded PNG or a sanitized
-- SVG) and as an opaque PNG for the PDF; logo_key is its public address, unguessable, and changes
-- with the bytes (so a cached copy never outlives a new logo). Not personal data: not encrypted.
CREATE TABLE "tenant_branding" (
    "tenant_id" TEXT NOT NULL,
    "address" TEXT,
    "phone" TEXT,
    "privacy_url" TEXT,
    "sms_sender" TEXT,
    "logo_type" TEXT,
    "logo" BYTEA,
    "logo_raster" BYTEA,
    "logo_width" INTEGER,
    "logo_height" INTEGER,
    "logo_key" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tenant_branding_pkey" PRIMARY KEY ("tenant_id")
);

CREATE UNIQUE INDEX "tenant_branding_logo_key_key" ON "tenant_branding"("logo_key");

ALTER TABLE "tenant_branding" ADD CONSTRAINT "tenant_branding_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
