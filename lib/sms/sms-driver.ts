// The one seam between the service and whoever delivers its text messages (decisions §13).

export interface SmsMessage {
  /** E.164, e.g. +905321234567 */
  to: string;
  body: string;
  kind: "link" | "otp" | "reminder";
  consentId: string | null;
  /** issue #42: the tenant's own sender name (msgheader); absent or null: the driver's configured one */
  header?: string | null;
}

export interface SmsResult {
  /** the provider's id for the send (Netgsm's jobid), when it gives one */
  providerRef: string | null;
}

export interface SmsDriver {
  readonly name: string;
  send(msg: SmsMessage): Promise<SmsResult>;
}

/**
 * Every driver failure. The message is short and free of personal data (no number, no text, no
 * credentials) so callers may log and store it; `retryable` tells the outbox whether to try again.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}
