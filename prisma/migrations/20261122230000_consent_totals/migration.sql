-- GET /v1/consents answers `count`, the total number of a tenant's matches, on every page
-- (decisions §5). Counting a million rows per request took seconds; a total kept by triggers in the
-- writing transaction stays exact and costs one small read. It is spread over 16 slots (summed on
-- read) so that concurrent creates of one tenant do not queue on one row lock until they commit.
-- No foreign key: a cascade from a deleted tenant would race the delete trigger; orphans are harmless.
CREATE TABLE "consent_totals" (
    "tenant_id" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "consent_totals_pkey" PRIMARY KEY ("tenant_id","slot")
);

-- Statement-level with transition tables: a bulk insert adds its rows with one upsert per tenant.
CREATE FUNCTION "consent_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign INTEGER := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO "consent_totals" ("tenant_id", "slot", "n")
    SELECT "tenant_id", floor(random() * 16)::smallint, sign * count(*) FROM "changed_rows" GROUP BY "tenant_id"
    ON CONFLICT ("tenant_id", "slot") DO UPDATE SET "n" = "consent_totals"."n" + EXCLUDED."n";
  RETURN NULL;
END
$$;

CREATE TRIGGER "consents_total_insert" AFTER INSERT ON "consents"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "consent_totals_add"();
CREATE TRIGGER "consents_total_delete" AFTER DELETE ON "consents"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "consent_totals_add"();

INSERT INTO "consent_totals" ("tenant_id", "slot", "n")
  SELECT "tenant_id", 0, count(*) FROM "consents" GROUP BY "tenant_id";
