// Word and line diffs with a bound on the server's time (issue #42, the version diff): two bodies of
// up to 256 KiB that share nothing would take Myers' algorithm seconds to minutes, in a request. Past
// the bound the diff coarsens (words → lines → "all removed, all added") instead of blocking.
import { Diff, diffLines, type ChangeObject } from "diff";

export type DiffKind = "same" | "added" | "removed";
export interface DiffPart {
  kind: DiffKind;
  value: string;
}

/** Milliseconds each attempt may take before the next, coarser one is tried. */
const BUDGET_MS = 400;

function parts(changes: ChangeObject<string>[]): DiffPart[] {
  return changes.filter((c) => c.value !== "").map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", value: c.value }));
}

function whole(a: string, b: string): DiffPart[] {
  if (a === b) return a ? [{ kind: "same", value: a }] : [];
  return [...(a ? [{ kind: "removed" as const, value: a }] : []), ...(b ? [{ kind: "added" as const, value: b }] : [])];
}

/**
 * jsdiff's word diff (diffWordsWithSpace) with words of every script: its own tokenizer knows Latin
 * letters only and cuts Arabic and Cyrillic into single letters ("к[о]т"), and its Intl.Segmenter
 * option ran out of memory on a 10 000-word text. A `{placeholder}` is one word.
 */
class UnicodeWordDiff extends Diff<string, string> {
  override tokenize(value: string): string[] {
    return value.match(/\{[A-Za-z_][A-Za-z0-9_]*\}|\r?\n|[\p{L}\p{M}\p{N}_]+|[^\S\r\n]+|[^\p{L}\p{M}\p{N}_\s]/gu) ?? [];
  }
}
const words = new UnicodeWordDiff();

/** The words of `b` against `a`, whitespace and line breaks kept. */
export function diffTextWords(a: string, b: string): DiffPart[] {
  if (a === b) return whole(a, b);
  const changes = words.diff(a, b, { timeout: BUDGET_MS });
  return changes ? parts(changes) : diffTextLines(a, b);
}

/** The lines of `b` against `a`. */
export function diffTextLines(a: string, b: string): DiffPart[] {
  if (a === b) return whole(a, b);
  const lines = diffLines(a, b, { timeout: BUDGET_MS });
  return lines ? parts(lines) : whole(a, b);
}

/** True when a diff has anything added or removed. */
export function hasChanges(diff: readonly DiffPart[]): boolean {
  return diff.some((p) => p.kind !== "same");
}
