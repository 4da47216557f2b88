-- Manual resends are recorded beside the scheduled attempts without consuming the schedule.
ALTER TABLE "webhook_attempts" ADD COLUMN "trigger" TEXT NOT NULL DEFAULT 'schedule';
