-- Storage mode `kurum` (decisions §12): purge_after is now set in the transaction that closes a
-- consent. Consents of kurum tenants that closed before that get their deadline here, 24 hours after
-- they closed, so the purge covers them too. Data only; no schema change.
UPDATE "consents" AS c
SET "purge_after" = COALESCE(c."signed_at", c."rejected_at", c."cancelled_at", c."expired_at") + INTERVAL '24 hours'
FROM "tenants" AS t
WHERE t."id" = c."tenant_id"
  AND t."storage_mode" = 'kurum'
  AND c."status" <> 'sent'
  AND c."purge_after" IS NULL
  AND c."purged_at" IS NULL;
