-- issue #46: the completion pipeline's claim, apart from the steps' schedules. A step (document, seal,
-- timestamp) is claimed by writing a token and a lease that outlives the step's work; the step's
-- success or failure is written only where the token is still its own, so a late writer whose lease
-- lapsed changes nothing. The "next attempt" columns keep only the schedule, which a manual retry may
-- bring forward without touching a claim that is under way.
ALTER TABLE "consents" ADD COLUMN "completion_claim" TEXT;
ALTER TABLE "consents" ADD COLUMN "completion_claimed_until" TIMESTAMP(3);

-- A consent's webhooks go out in the order of its events: a delivery waits for an earlier pending
-- one of the same consent, looked up by this index.
CREATE INDEX "webhook_deliveries_consent_id_status_idx" ON "webhook_deliveries"("consent_id", "status");
