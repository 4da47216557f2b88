// What the qualified countersignature's form hands its two methods (issue #48): the steps they mark,
// the failure they report, the completion, and what the agent shows of the consent.
import type { Lang } from "@/components/panel/messages";
import type { StepState } from "@/components/panel/signing-steps";
import type { CountersignOutcome } from "@/lib/consents/countersign-as-physician";

export const CARD_STEPS = ["find", "pair", "certificates", "prepare", "card", "finish"];
export const REMOTE_STEPS = ["prepare", "remote", "finish"];

export interface QualifiedFormContext {
  id: string;
  lang: Lang;
  /** the time of informing, as the form holds it (`datetime-local`) */
  informedAt: () => string;
  /** marks a step's state; the form shows them all */
  step: (key: string, state: StepState) => void;
  /** resets the steps before a new attempt */
  resetSteps: (keys: string[]) => void;
  fail: (message: string, fields?: Record<string, string>) => void;
  clearFailure: () => void;
  errors: Record<string, string>;
  completed: (outcome: CountersignOutcome) => void;
  /** the person's initials and the text's digest, shown by the agent beside what is signed */
  consent: { initials: string; documentSha256: string };
}
