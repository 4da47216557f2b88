-- Issue #42, item 5: one-time password-reset links, two-factor sign-in (TOTP) with recovery codes,
-- a tenant switch that makes it compulsory, and a per-user session version that ends every session
-- of a user at once (after a password reset).
ALTER TABLE "tenants" ADD COLUMN "require_two_factor" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;
-- Encrypted at rest (lib/encryption.ts), like the webhook secret.
ALTER TABLE "users" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_pending" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TIMESTAMP(3);
ALTER TABLE "users" ADD COLUMN "totp_last_step" INTEGER;

-- The link's secret is kept only as its SHA-256; the id is the part looked up.
CREATE TABLE "password_reset_tokens" (
    "id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "secret_digest" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "password_reset_tokens_tenant_id_user_id_idx" ON "password_reset_tokens"("tenant_id", "user_id");

CREATE TABLE "recovery_codes" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "used_at" TIMESTAMP(3),
    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "recovery_codes_user_id_digest_key" ON "recovery_codes"("user_id", "digest");
CREATE INDEX "recovery_codes_tenant_id_user_id_idx" ON "recovery_codes"("tenant_id", "user_id");
