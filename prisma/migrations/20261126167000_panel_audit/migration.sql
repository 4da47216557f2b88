-- The panel's action log: who changed a role, deactivated a user, created or revoked a key, saved
-- the webhook or the settings — for the tenant's owner to read. Ids and field names only.
CREATE TABLE "panel_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "panel_audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "panel_audit_log_tenant_id_at_idx" ON "panel_audit_log"("tenant_id", "at" DESC);
