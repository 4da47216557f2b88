-- A panel user's e-mail is unique within its tenant, not across tenants: adding a user to one clinic
-- must not reveal that the address has an account at another. Sign-in finds the account among those
-- with the e-mail by its password (lib/panel/verify-credentials.ts); email is the index's second
-- column, so the sign-in's lookup by e-mail alone has an index of its own.
DROP INDEX "users_email_key";
CREATE UNIQUE INDEX "users_tenant_id_email_key" ON "users"("tenant_id", "email");
CREATE INDEX "users_email_idx" ON "users"("email");
