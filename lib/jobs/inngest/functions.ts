// Every function the service registers with Inngest (app/api/inngest/route.ts serves them).
import { completeConsent } from "@/lib/jobs/inngest/complete-consent";
import { deliverWebhook } from "@/lib/jobs/inngest/deliver-webhook";
import { markReconsentsFunction } from "@/lib/jobs/inngest/mark-reconsents";
import { backgroundSweep, expirySweep, logCheckpoint } from "@/lib/jobs/inngest/sweeps";

export const INNGEST_FUNCTIONS = [deliverWebhook, completeConsent, expirySweep, logCheckpoint, backgroundSweep, markReconsentsFunction];
