// How much structure a consent text may have, so that its document renders in bounded time and
// memory. Measured in-process with the real consent renderer (2026-11-26), within the 256 KiB a body
// may have: 29 000 bold runs in one paragraph took 98 s and 3.2 GB, 26 000 list items 36 s and 1 GB,
// 52 000 line breaks 26 s, 32 000 paragraphs 22 s, each holding the one document worker for every
// tenant; at 10 000 elements the slowest of these shapes took 9.8 s. react-pdf's WebAssembly layout
// engine also traps on about 500 nested boxes and then fails every later layout in its thread, and a
// body nested 10 000 deep reached a recursive walk of the tree (a 500). Checked without recursion, on
// the text as written, before anything that walks the tree sees it.
import { Parser } from "htmlparser2";

/** Elements inside elements, at most (a browser's editor writes under 15). */
export const MAX_HTML_DEPTH = 32;
/** Elements in one text, at most: ~100 pages of paragraphs, or a Word export's runs of 40 pages. */
export const MAX_HTML_ELEMENTS = 10_000;

const TOO_DEEP = Symbol("too deep");

/**
 * Nesting depth and element count of an HTML text, in one streaming pass that stops one level past
 * MAX_HTML_DEPTH (the parser's stack costs time per level: 100 000 levels took 2 s to read whole).
 */
export function htmlShape(html: string): { depth: number; elements: number } {
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      elements += 1;
      if (depth > deepest) deepest = depth;
      if (depth > MAX_HTML_DEPTH) throw TOO_DEEP;
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
  } catch (err) {
    if (err !== TOO_DEEP) throw err;
  }
  return { depth: deepest, elements };
}

/** What is wrong with the text's structure, in the words of a 422, or null. */
export function htmlShapeProblem(html: string): string | null {
  const { depth, elements } = htmlShape(html);
  if (depth > MAX_HTML_DEPTH) return `en çok ${MAX_HTML_DEPTH} iç içe HTML öğesi olabilir`;
  if (elements > MAX_HTML_ELEMENTS) return `en çok ${MAX_HTML_ELEMENTS} HTML öğesi olabilir (${elements} var)`;
  return null;
}
