-- Issue #51: a password someone else set (the owner adding a user on the team page) must be changed
-- by its user at their first sign-in; until then the panel opens nothing but the change-password page.
ALTER TABLE "users" ADD COLUMN "must_change_password" BOOLEAN NOT NULL DEFAULT false;
