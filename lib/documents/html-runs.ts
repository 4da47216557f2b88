// Inline formatting of the consent text, reduced to styled runs with browser whitespace rules, so
// the PDF shows the same words in the same order as the signing page did.
import type { StructTag } from "./pdf-tags";

export interface RunStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  script: "sub" | "super" | null;
  /** points */
  size: number;
  href: string | null;
}

/** A piece of text in one style, or a line break (<br>), which collapseRuns turns into "\n". */
export interface Run {
  text: string;
  style: RunStyle;
  br?: true;
}

type Align = "left" | "right" | "center" | "justify";

export interface BlockStyle {
  run: RunStyle;
  align: Align | null;
}

/** Where a block is rendered: its inherited style and how deep in lists it sits. */
export interface Context {
  style: BlockStyle;
  listDepth: number;
  /** blocks around this one (html-limits.ts bounds it) */
  depth: number;
  /** an Arabic text: lines, lists and tables run right to left, as on the signing page (decisions §17) */
  rtl: boolean;
  /** the structure tag of each heading element the text uses (html-to-pdf.tsx headingTags) */
  headings?: Readonly<Record<string, StructTag>>;
}

const ALIGN: Record<string, Align> = {
  left: "left", start: "left", right: "right", end: "right", center: "center", justify: "justify",
};

/**
 * Applies the inline styles the sanitizer lets through (text-align, font-weight, font-style,
 * text-decoration). As in CSS, a "none" decoration cannot take away an ancestor's underline.
 */
export function applyStyleAttribute(style: BlockStyle, attr: string | undefined): BlockStyle {
  if (!attr) return style;
  let run = style.run;
  let align = style.align;
  for (const decl of attr.split(";")) {
    const colon = decl.indexOf(":");
    if (colon < 0) continue;
    const prop = decl.slice(0, colon).trim().toLowerCase();
    const value = decl.slice(colon + 1).trim().toLowerCase();
    if (prop === "text-align") align = ALIGN[value] ?? align;
    else if (prop === "font-weight") {
      const n = Number(value);
      run = { ...run, bold: value === "bold" || value === "bolder" || (Number.isFinite(n) && n >= 600) };
    } else if (prop === "font-style") run = { ...run, italic: value === "italic" || value === "oblique" };
    else if (prop === "text-decoration") {
      run = {
        ...run,
        underline: run.underline || value.includes("underline"),
        strike: run.strike || value.includes("line-through"),
      };
    }
  }
  return { run, align };
}

/** HTML's collapsible whitespace; U+00A0 is not among it and survives as written. */
const COLLAPSIBLE = /[ \t\n\r\f]+/g;

/**
 * Collapses whitespace across run boundaries the way a browser lays out one block: runs of
 * whitespace become one space, spaces at the start and end of each line vanish, and a final <br>
 * adds no empty line. Returns the visible runs with adjacent same-style runs merged.
 */
export function collapseRuns(runs: readonly Run[]): Run[] {
  const out: Run[] = runs.map((r) => (r.br ? r : { ...r, text: r.text.replace(COLLAPSIBLE, " ") }));
  // A space is dropped at the start of a line and after a run that already ended in one.
  let dropSpace = true;
  for (const r of out) {
    if (r.br) {
      dropSpace = true;
      continue;
    }
    if (dropSpace && r.text.startsWith(" ")) r.text = r.text.slice(1);
    if (r.text !== "") dropSpace = r.text.endsWith(" ");
  }
  let lineEnd = true;
  for (let i = out.length - 1; i >= 0; i--) {
    const r = out[i]!;
    if (r.br) {
      lineEnd = true;
      continue;
    }
    if (lineEnd && r.text.endsWith(" ")) r.text = r.text.slice(0, -1);
    if (r.text !== "") lineEnd = false;
  }
  const visible = out.filter((r) => r.br || r.text !== "");
  const firstBreak = visible.find((r) => r.br);
  if (visible.at(-1)?.br) visible.pop();
  // A line made only of <br> still takes a line's height on screen; a no-break space keeps it.
  const last = visible.at(-1) ?? firstBreak;
  if (last && (last.br || visible.length === 0)) visible.push({ text: "\u00a0", style: last.style });
  return mergeRuns(visible.map((r) => (r.br ? { text: "\n", style: r.style } : r)));
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return (
    a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike &&
    a.script === b.script && a.size === b.size && a.href === b.href
  );
}

function mergeRuns(runs: readonly Run[]): Run[] {
  const merged: Run[] = [];
  for (const r of runs) {
    const last = merged.at(-1);
    if (last && sameStyle(last.style, r.style)) last.text += r.text;
    else merged.push({ text: r.text, style: r.style });
  }
  return merged;
}
