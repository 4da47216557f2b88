// Word and line diffs with a bound on the server's time (issue #42, the version diff): two bodies of
// up to 256 KiB that share nothing would take Myers' algorithm seconds to minutes, in a request. Past
// the bound the diff coarsens (words → lines → "all removed, all added") instead of blocking.
import { Diff, diffLines, type ChangeObject } from "diff";

type DiffKind = "same" | "added" | "removed";
export interface DiffPart {
  kind: DiffKind;
  value: string;
}

/** Milliseconds each attempt may take before the next, coarser one is tried. */
const BUDGET_MS = 400;

/** Whitespace and punctuation only: what two changed words may share by chance (a space, ": "). */
const GAP = /^[\s\p{P}]{1,3}$/u;

/**
 * The changes as parts, read as phrases: a gap that two changes happen to share ("Not: {not}" →
 * "Risk: {risk}" shares ": ") joins them, so the reader sees one deletion and one insertion instead of
 * alternating fragments. The old text is still the same and removed parts in order, the new text the
 * same and added ones.
 */
function parts(changes: ChangeObject<string>[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) out.push({ kind: "removed", value: removed });
    if (added) out.push({ kind: "added", value: added });
    removed = added = "";
  };
  changes.forEach((c, i) => {
    if (c.value === "") return;
    if (c.removed) removed += c.value;
    else if (c.added) added += c.value;
    else if ((removed || added) && GAP.test(c.value) && (changes[i + 1]?.added || changes[i + 1]?.removed)) {
      removed += c.value;
      added += c.value;
    } else {
      flush();
      out.push({ kind: "same", value: c.value });
    }
  });
  flush();
  return out;
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
