-- decisions §24, issue #47: OCSP responses and CRLs had for sealing, kept until their nextUpdate.
CREATE TABLE "revocation_cache" (
    "key" TEXT NOT NULL,
    "der" BYTEA NOT NULL,
    "this_update" TIMESTAMP(3) NOT NULL,
    "next_update" TIMESTAMP(3) NOT NULL,
    "fetched_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "revocation_cache_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "revocation_cache_next_update_idx" ON "revocation_cache"("next_update");
