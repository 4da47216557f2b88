// One line of the offline verifier's report: what was checked, whether it holds, and why.
export type Outcome = "ok" | "failed" | "unchecked";

export interface Verdict {
  check: string;
  outcome: Outcome;
  detail: string;
}

export const ok = (check: string, detail: string): Verdict => ({ check, outcome: "ok", detail });
export const failed = (check: string, detail: string): Verdict => ({ check, outcome: "failed", detail });
export const unchecked = (check: string, detail: string): Verdict => ({ check, outcome: "unchecked", detail });
export const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));
