// How the panel's physician and procedure filters match: case and Turkish marks aside ("ozturk"
// finds "Öztürk", "IMPLANT" finds "İmplant"), spaces collapsed, anywhere in the text. Pure, so the
// list and the CSV export match alike.

export function foldText(s: string): string {
  return s
    .toLocaleLowerCase("tr")
    .replace(/ı/g, "i")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when `needle` (already folded) is in `value`; an empty needle matches everything. */
export function matchesFolded(value: string | null, needle: string): boolean {
  if (!needle) return true;
  return value !== null && foldText(value).includes(needle);
}
