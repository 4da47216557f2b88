// The one way a signed consent is completed (STYLE.md rule 16): document → seal → timestamp →
// announce. Every trigger calls this same function — the signing request right after the signature,
// the embedded runner's sweep, the Inngest function between its sleeps, the Inngest safety net — and
// each step checks its own postcondition under a claim, so running it twice, or twice at once,
// does nothing more. It runs what is due now and says when the next step will be.
import { completionRow, type CompletionRow } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { produceDocument } from "@/lib/completion/produce-document";
import { resealDocument } from "@/lib/completion/reseal-document";
import { announceCompletion } from "@/lib/completion/announce-completion";
import { nextStep, type CompletionStep } from "@/lib/completion/next-step";
import { attemptTimestamp } from "@/lib/timestamping/attempt-timestamp";

export interface CompletionProgress {
  /** the steps this call carried out */
  ran: CompletionStep[];
  /** the next step and when it is due (ISO 8601), or null when the completion has nothing left to do */
  next: { step: CompletionStep; at: string } | null;
}

/** More than a completion ever takes in one go (document, seal, timestamp, announce): a bound, not a rule. */
const MAX_STEPS = 6;

const STEPS: Record<CompletionStep, (consentId: string, row: CompletionRow) => Promise<boolean>> = {
  document: (id) => produceDocument(id),
  seal: (id) => resealDocument(id),
  timestamp: async (id) => (await attemptTimestamp(id)).kind !== "skipped",
  announce: (id, row) => announceCompletion(id, row),
};

export async function advanceCompletion(consentId: string): Promise<CompletionProgress> {
  const ran: CompletionStep[] = [];
  for (let i = 0; i < MAX_STEPS; i++) {
    const row = await completionRow(consentId);
    const due = row ? nextStep(row, now()) : null;
    if (!row || !due) return { ran, next: null };
    // Not due yet (a retry's wait, or another caller's lease): that is when to come back.
    if (due.at > now()) return { ran, next: { step: due.step, at: due.at.toISOString() } };
    // A step that did nothing was claimed elsewhere or failed and was rescheduled: the row says when.
    if (await STEPS[due.step](consentId, row)) ran.push(due.step);
  }
  const row = await completionRow(consentId);
  const due = row ? nextStep(row, now()) : null;
  return { ran, next: due ? { step: due.step, at: due.at.toISOString() } : null };
}

/**
 * The pipeline right after the commit that completed a consent (a signature, a countersignature, a
 * refusal on record), awaited so that the answer comes with the document stored. The change itself
 * is already recorded: should a step fail (the storage unreachable, say) or this process die first,
 * the background work carries it on, and the caller is told what was recorded, not an error.
 */
export async function completeNow(consentId: string): Promise<void> {
  try {
    await advanceCompletion(consentId);
  } catch (err) {
    logger().warn({ err: err instanceof Error ? err.message : String(err), consentId }, "completion step failed; the background work carries it on");
  }
}
