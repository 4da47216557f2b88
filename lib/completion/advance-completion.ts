// The one way a signed consent is completed (STYLE.md rule 16): document → seal → timestamp →
// announce (and, once withdrawn, its withdrawal receipt, issue #51), and the only caller of those steps. Every trigger calls this same function — the embedded
// runner, woken by the job event the signature's transaction wrote, and its sweep; the Inngest
// function between its sleeps and the Inngest safety net; a manual timestamp retry, which only makes
// its step due first — and each step claims the consent with a token and a lease that outlives its
// work and writes its result only while the claim is its own, so running it twice, or twice at once,
// does nothing more. It runs what is due now and says when the next step will be. No request a
// patient waits on runs it: a signature records its event, queues the completion and answers.
import { completionRow } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { produceDocument } from "@/lib/completion/produce-document";
import { resealDocument } from "@/lib/completion/reseal-document";
import { announceCompletion } from "@/lib/completion/announce-completion";
import { nextStep, type CompletionStep } from "@/lib/completion/next-step";
import { attemptTimestamp } from "@/lib/completion/attempt-timestamp";
import { produceWithdrawalReceipt } from "@/lib/completion/produce-withdrawal-receipt";

interface CompletionProgress {
  /** the steps this call carried out */
  ran: CompletionStep[];
  /** the next step and when it is due (ISO 8601), or null when the completion has nothing left to do */
  next: { step: CompletionStep; at: string } | null;
}

/** More than a completion ever takes in one go (document, seal, timestamp, announce, receipt): a bound, not a rule. */
const MAX_STEPS = 7;

const STEPS: Record<CompletionStep, (consentId: string) => Promise<boolean>> = {
  document: (id) => produceDocument(id),
  seal: (id) => resealDocument(id),
  timestamp: async (id) => (await attemptTimestamp(id)).kind !== "skipped",
  announce: (id) => announceCompletion(id),
  receipt: (id) => produceWithdrawalReceipt(id),
};

export async function advanceCompletion(consentId: string): Promise<CompletionProgress> {
  const ran: CompletionStep[] = [];
  for (let i = 0; i < MAX_STEPS; i++) {
    const row = await completionRow(consentId);
    const due = row ? nextStep(row, now()) : null;
    if (!row || !due) return { ran, next: null };
    // Not due yet (a retry's wait, or another caller's claim): that is when to come back.
    if (due.at > now()) return { ran, next: { step: due.step, at: due.at.toISOString() } };
    // A step that did nothing was claimed elsewhere or failed and was rescheduled: the row says when.
    if (await STEPS[due.step](consentId)) ran.push(due.step);
  }
  const row = await completionRow(consentId);
  const due = row ? nextStep(row, now()) : null;
  return { ran, next: due ? { step: due.step, at: due.at.toISOString() } : null };
}
