// issue #52: Ateşman's bands and the level the panel flags below, apart from the measure itself
// (readability.ts) so that the editor's browser code can use them without the HTML parser.

/** Below this a sentence (or a text) is flagged: a patient under stress no longer reads it easily. */
export const EASY_SCORE = 60;

export type ReadabilityLevel = "cok_kolay" | "kolay" | "orta" | "zor" | "cok_zor";

/** Ateşman's bands: 90–100 very easy, 70–89 easy, 50–69 medium, 30–49 difficult, below 30 very difficult. */
export function levelOf(score: number): ReadabilityLevel {
  if (score >= 90) return "cok_kolay";
  if (score >= 70) return "kolay";
  if (score >= 50) return "orta";
  if (score >= 30) return "zor";
  return "cok_zor";
}
