// What the physician reads when a step of the qualified countersignature fails (issue #48): the
// agent's refusals by their code, the service's by the field they name. Pure, for the form.
import { AgentError } from "@/components/countersign/qualified-signing";
import type { Messages } from "@/components/panel/messages";

type Q = Messages["physician"]["qualified"];

/** A server action's refusal, thrown between the steps so that one catch handles every failure. */
export class ActionRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const AGENT_CODES: Record<string, keyof Q> = {
  agent_unreachable: "agentNotFound",
  origin_refused: "agentNotFound",
  unpaired: "unpaired",
  pairing_code_incorrect: "pairRefused",
  pairing_closed: "pairClosed",
  declined: "declined",
  pin_incorrect: "pinIncorrect",
  pin_locked: "pinLocked",
  pin_timeout: "pinTimeout",
  card_unavailable: "cardUnavailable",
  busy: "busy",
  prepare_mismatch: "mismatch",
};

export interface Described {
  /** the form's message */
  message: string;
  /** field → message, for the fields the form shows (informedAt, pin, otp, credential, pairCode) */
  fields: Record<string, string>;
}

export function describeFailure(err: unknown, q: Q, unexpected: string): Described {
  if (err instanceof AgentError) {
    const key = AGENT_CODES[err.code];
    const text = key ? (q[key] as string) : err.message;
    return { message: text, fields: err.code === "pairing_code_incorrect" ? { pairCode: text } : {} };
  }
  if (err instanceof ActionRefusal) {
    const f = err.fieldErrors;
    const join = (k: string) => (f[k] ?? []).join(", ");
    if (f.certificate) return { message: `${q.certificateRefused} ${join("certificate")}`, fields: {} };
    if (f.signature) return { message: `${q.signatureRefused} ${join("signature")}`, fields: {} };
    const fields: Record<string, string> = {};
    for (const k of ["informedAt", "pin", "otp", "credential"]) if (f[k]) fields[k] = join(k);
    if (f.profile) return { message: `${err.message} ${join("profile")}`, fields };
    if (err.code === "invalid_state" && /prepare_id|hazırlığı/i.test(err.message)) return { message: q.expired, fields };
    return { message: err.message, fields };
  }
  return { message: unexpected, fields: {} };
}
