// Human Turkish durations ("2 saat 5 dakika"), for the timestamp delay in the evidence report.

const UNITS: readonly [number, string][] = [
  [86_400, "gün"],
  [3_600, "saat"],
  [60, "dakika"],
  [1, "saniye"],
];

/** The largest unit and, when non-zero, the next one: 93784 → "1 gün 2 saat"; 0 → "0 saniye". */
export function formatDuration(totalSeconds: number): string {
  let rest = Math.max(0, Math.round(totalSeconds));
  const parts: string[] = [];
  for (const [size, name] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(`${n} ${name}`);
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(" ") : "0 saniye";
}
