-- The national id's digest is keyed per tenant (lib/consents/tc-digest.ts, version 2): the same id
-- gives unrelated digests in two tenants. Rows written before keep their version-1 digest (one key for
-- every tenant) until the start-up backfill (lib/consents/rekey-national-ids.ts) rewrites them from
-- the encrypted id; this index holds exactly the rows still to do, and stays empty after.
ALTER TABLE "consents" ADD COLUMN "tc_digest_version" SMALLINT NOT NULL DEFAULT 1;

CREATE INDEX "consents_tc_digest_v1_idx" ON "consents" ("id")
  WHERE "tc_digest_version" = 1 AND "tc_encrypted" IS NOT NULL AND "purged_at" IS NULL;
