// Where a signed consent's completion stands, and what comes next: the document, then (each on its
// own clock) a new attempt to seal a document stored unsealed and the detached timestamp's attempts,
// and once the timestamp cycle has ended, the announcement. Pure: the pipeline and its tests share it.
import type { CompletionRow } from "@/lib/db/completion";

export const COMPLETION_STEPS = ["document", "seal", "timestamp", "announce", "receipt"] as const;
export type CompletionStep = (typeof COMPLETION_STEPS)[number];

interface DueStep {
  step: CompletionStep;
  /** when it is due (now or earlier: at once) */
  at: Date;
}

/** Whether the consent gets a document: every signature on record, or a refusal on record (§19). */
function isDocumented(c: Pick<CompletionRow, "status" | "refusedBy">): boolean {
  return c.status === "completed" || c.status === "withdrawn" || (c.status === "rejected" && c.refusedBy !== null);
}

/** The next step of the consent's completion, or null when nothing is left to do. */
export function nextStep(c: CompletionRow, at: Date): DueStep | null {
  if (c.purgedAt || !isDocumented(c)) return null;
  if (!c.documentSha256) {
    const document: DueStep = { step: "document", at: c.documentNextAttemptAt ?? at };
    return holdsClaim(c, document, at) ? { step: "document", at: c.completionClaimedUntil! } : document;
  }
  const candidates: DueStep[] = [];
  // Sealing first: a new seal replaces the file, and with it what the timestamp is taken over.
  if (c.sealLevel === null && c.sealNextAttemptAt) candidates.push({ step: "seal", at: c.sealNextAttemptAt });
  if (c.tsStatus === "queued") candidates.push({ step: "timestamp", at: c.tsNextAttemptAt ?? at });
  else if (!c.completionAnnouncedAt) candidates.push({ step: "announce", at });
  // issue #51: a withdrawn consent's receipt names the original's digest: not while it waits to be sealed again.
  if (c.status === "withdrawn" && !c.receiptSha256 && !(c.sealLevel === null && c.sealNextAttemptAt)) {
    candidates.push({ step: "receipt", at: c.receiptNextAttemptAt ?? at });
  }
  const first = candidates.reduce<DueStep | null>((first, s) => (first === null || s.at < first.at ? s : first), null);
  return first && holdsClaim(c, first, at) ? { step: first.step, at: c.completionClaimedUntil! } : first;
}

/** Another caller's step is under way: whatever is due waits for its lease (it usually ends sooner). */
function holdsClaim(c: CompletionRow, due: DueStep, at: Date): boolean {
  return c.completionClaimedUntil !== null && c.completionClaimedUntil > at && due.at <= c.completionClaimedUntil;
}
