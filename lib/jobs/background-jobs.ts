// The background work of the service, as lib/ functions that find what the database says is due.
// The embedded runner loops over them; under Inngest a scheduled sweep calls the same functions as a
// safety net behind the event-driven functions.
import { FORGET_BATCH, forgetExpiredIdempotencyKeys } from "@/lib/idempotency/forget-expired-idempotency-keys";
import { expireDueConsents } from "@/lib/consents/expire-consents";
import { purgeDueConsents } from "@/lib/consents/purge-consents";
import { sendPendingSms } from "@/lib/consents/send-pending-sms";
import { REMINDER_BATCH, sendDueReminders } from "@/lib/consents/send-reminders";
import { markReconsents, RECONSENT_BATCH } from "@/lib/consents/mark-reconsents";
import { advanceDueCompletions } from "@/lib/completion/advance-due-completions";
import { advanceCompletion } from "@/lib/completion/advance-completion";
import { dispatchOutbox } from "@/lib/jobs/dispatch-outbox";
import { yieldToRequests } from "@/lib/jobs/interactive-requests";
import { DELIVERY_RUN_LIMIT, deliverDueWebhooks } from "@/lib/webhooks/deliver-due-webhooks";
import { stampedCheckpoint } from "@/lib/transparency/stamp-checkpoint";
import { ARCHIVE_BATCH, renewDueArchiveTimestamps } from "@/lib/archive-renewal/renew-due-archive-timestamps";

interface BackgroundJob {
  name: string;
  run: () => Promise<number>;
  /** at most this many ms between runs (the runner interval applies when it is shorter) */
  interval?: number;
  /** a run that handled this many stopped at its limit with more due: the runner runs it again at once */
  batch?: number;
  /** what the Inngest safety-net sweep runs instead of `run`: only work an event-driven function should have done already */
  safetyNet?: () => Promise<number>;
  /**
   * The embedded runner's handling of one job event (its outbox data) at once, beside the job's round
   * rather than after it: a signature's completion should not wait for another consent's TSA answer.
   */
  onEvent?: (data: Record<string, string>) => Promise<unknown>;
}

/**
 * Under Inngest each delivery's own function sleeps the retry schedule and makes the attempt at its
 * time; the sweep takes only deliveries overdue by this much (their event was lost), so that it never
 * makes an attempt early and shortens the schedule.
 */
export const SAFETY_NET_GRACE_MS = 10 * 60_000;

const COMPLETION_BATCH = 20;

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  { name: "expire-consents", run: () => expireDueConsents() },
  { name: "send-pending-sms", run: () => sendPendingSms() },
  // decisions §23: the tenant's reminder SMS before expiry; a full batch runs again at once.
  { name: "send-reminders", run: () => sendDueReminders(), batch: REMINDER_BATCH, interval: 60_000 },
  // The completion pipeline: a signature's job event starts its consent's completion as soon as the
  // requests in flight here have answered (onEvent; a burst of signatures is answered before their
  // documents are made); the round takes retries, steps due later, and what a crash left.
  {
    name: "advance-completions",
    run: () => advanceDueCompletions(COMPLETION_BATCH),
    onEvent: async (data) => {
      if (!data.consentId) return;
      await yieldToRequests();
      await advanceCompletion(data.consentId);
    },
    batch: COMPLETION_BATCH,
    safetyNet: () => advanceDueCompletions(COMPLETION_BATCH, SAFETY_NET_GRACE_MS),
  },
  // Job events a crash left between a commit and its dispatch.
  { name: "dispatch-outbox", run: () => dispatchOutbox() },
  { name: "purge-consents", run: () => purgeDueConsents() },
  // decisions §22: a material publish's marking, one short transaction per batch; a full batch runs again at once.
  { name: "mark-reconsents", run: () => markReconsents(), batch: RECONSENT_BATCH },
  { name: "forget-idempotency-keys", run: () => forgetExpiredIdempotencyKeys(), batch: FORGET_BATCH },
  // decisions §20: a signed checkpoint at least once a minute while the log grows, and its RFC 3161
  // stamp; both decide for themselves whether a minute has passed, so a run in between reads two rows.
  {
    name: "log-checkpoint",
    run: async () => {
      await stampedCheckpoint();
      return 0;
    },
    interval: 30_000,
  },
  // decisions §24: archive time-stamps renewed before their certificate expires (an indexed query
  // that usually finds nothing; a full batch runs again at once).
  { name: "renew-archive-timestamps", run: () => renewDueArchiveTimestamps(), batch: ARCHIVE_BATCH },
  // "Immediately" is the first attempt's wait: look every second, an indexed query that usually finds nothing.
  {
    name: "deliver-webhooks",
    run: () => deliverDueWebhooks(),
    interval: 1000,
    batch: DELIVERY_RUN_LIMIT,
    safetyNet: () => deliverDueWebhooks(DELIVERY_RUN_LIMIT, SAFETY_NET_GRACE_MS),
  },
];
