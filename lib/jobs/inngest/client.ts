// The Inngest client. Used only with BACKGROUND_JOBS=inngest; it reads INNGEST_EVENT_KEY,
// INNGEST_SIGNING_KEY and, for a self-hosted server, INNGEST_BASE_URL from the environment.
import { Inngest } from "inngest";
import { DELIVERY_CREATED_EVENT } from "@/lib/db/webhooks";
import { COMPLETION_EVENT } from "@/lib/consents/completion-event";
import { RECONSENT_MARKING_EVENT } from "@/lib/db/reconsent";

export const inngest = new Inngest({ id: "e-onam" });

/** Event names the service sends (through the job outbox); each function below is triggered by one of them or by a schedule. */
export const JOB_EVENTS = {
  completion: COMPLETION_EVENT,
  deliveryCreated: DELIVERY_CREATED_EVENT,
  reconsentMarking: RECONSENT_MARKING_EVENT,
} as const;

/**
 * The settings Inngest mode cannot work without, as the SDK resolved them. Without a signing key its
 * endpoint answers 500 to every call, and without an event key no run ever starts; a local dev
 * server (INNGEST_DEV=1) needs neither.
 */
export function missingInngestSettings(): string[] {
  if (inngest.mode === "dev") return [];
  return [!inngest.signingKey && "INNGEST_SIGNING_KEY", !inngest.eventKey && "INNGEST_EVENT_KEY"].filter((s): s is string => Boolean(s));
}
