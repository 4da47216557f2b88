-- Issue #51 (branch physician-signature): the physician may type their name or use a signature saved
-- in their account for the countersignature (decisions §19, §24). The consent keeps how it was given
-- (cizim | yazili | kayitli | nitelikli; null before it is given) and a typed name (encrypted).
ALTER TABLE "consents" ADD COLUMN "countersign_method" TEXT;
ALTER TABLE "consents" ADD COLUMN "countersign_typed" TEXT;

-- A panel user's own saved signature: one PNG (encrypted like every signature image), per tenant and user.
CREATE TABLE "user_signatures" (
    "user_id" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "png" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "user_signatures_pkey" PRIMARY KEY ("user_id")
);
CREATE INDEX "user_signatures_tenant_id_idx" ON "user_signatures"("tenant_id");
ALTER TABLE "user_signatures" ADD CONSTRAINT "user_signatures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
