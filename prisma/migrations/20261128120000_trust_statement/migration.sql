-- decisions §24, issue #47: the service's trust statement. Every certificate it has sealed or
-- time-stamped with, recorded the first time it is used and never removed, so that the statement
-- the log key signs (GET /log/trust, `trust` in kanit.json) pins past certificates too.
CREATE TABLE "trusted_certificates" (
    "sha256" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "der" BYTEA NOT NULL,
    "not_before" TIMESTAMP(3) NOT NULL,
    "not_after" TIMESTAMP(3) NOT NULL,
    "first_used_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trusted_certificates_pkey" PRIMARY KEY ("sha256","kind")
);
