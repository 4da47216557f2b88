-- The panel finds a tenant's consents by the person: keyed digests of the words of the patient's and
-- the approver's names and of the phone (lib/consents/patient-search.ts), searched with @>.
ALTER TABLE "consents" ADD COLUMN     "search_digests" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- fastupdate off: each create writes its few entries at once, rather than into a pending list that a
-- later create (one request, at random) must merge into the index when it fills.
CREATE INDEX "consents_search_digests_idx" ON "consents" USING GIN ("search_digests") WITH (fastupdate = off);

-- Consents created before this column get their digests at the next start (the digests need
-- APP_SECRET and the decrypted names, which SQL has not): this index finds them, and stays empty after.
CREATE INDEX "consents_search_unindexed_idx" ON "consents" ("id")
  WHERE "search_digests" = ARRAY[]::TEXT[] AND "patient_name" IS NOT NULL AND "purged_at" IS NULL;
