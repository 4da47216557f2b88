// The Inngest client. Used only with BACKGROUND_JOBS=inngest; it reads INNGEST_EVENT_KEY,
// INNGEST_SIGNING_KEY and, for a self-hosted server, INNGEST_BASE_URL from the environment.
import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "e-onam" });

/** Event names the service sends; each function below is triggered by one of them or by a schedule. */
export const JOB_EVENTS = {
  consentSigned: "eonam/consent.signed",
  deliveryCreated: "eonam/webhook.delivery.created",
} as const;
