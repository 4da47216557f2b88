// decisions §22: the steps at which listening to a recording is worth a record (`metin_dinlendi`), shared
// by the server, which records at most one per step, and the page, which reports only when a step is
// reached (so that reporting never eats into the signing link's request limit).

/** 0: nothing yet; 1: some (1 % or more); 2–4: a quarter, half, three quarters; 5: all of it. */
export function listeningStep(percent: number): number {
  if (percent >= 100) return 5;
  if (percent < 1) return 0;
  return 1 + Math.floor(percent / 25);
}

/** The share of a recording covered by playback, in whole percent: played ranges (seeking skips what it jumps over) over the duration. */
export function coveredPercent(played: readonly (readonly [number, number])[], duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  const seconds = played.reduce((sum, [start, end]) => sum + Math.max(0, end - start), 0);
  return Math.min(100, Math.round((seconds / duration) * 100));
}
