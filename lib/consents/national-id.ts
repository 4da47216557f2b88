// Turkish national id (T.C. kimlik no) checksum, decisions §5.
export function isValidTc(tc: string): boolean {
  if (!/^[1-9]\d{10}$/.test(tc)) return false;
  const d = [...tc].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === d10 && d[10] === d11;
}

/** First 3 and last 2 digits visible: `123******45`. */
export function maskTc(tc: string): string {
  return `${tc.slice(0, 3)}${"*".repeat(tc.length - 5)}${tc.slice(-2)}`;
}
