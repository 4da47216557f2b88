// How much structure a consent text may have, so that its document renders in bounded time and
// memory. The PDF layout engine lays out what is left of the text again for every page it breaks
// (react-pdf's paginate), so its time grows with blocks × pages: measured in-process (2026-11-26),
// 1 000 paragraphs 1.5 s, 2 000 5.8 s, 4 000 32 s; a table of 13 000 rows (256 KiB) six minutes,
// blocking the document worker for everyone. Its WebAssembly layout engine also traps on about 500
// nested boxes and then fails every later document in that thread. Checked without recursion, on the
// text as written, before anything that walks the tree sees it.
import { Parser } from "htmlparser2";

/** Elements the document draws as boxes of their own (lib/documents/html-to-pdf.tsx). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  "p", "div", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "hr",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
]);

/** Elements inside elements, at most (a browser's editor writes under 15). */
export const MAX_HTML_DEPTH = 32;
/** Boxes in one text, at most: 1 000 paragraphs of 260 characters are 67 pages, rendered in ~4 s. */
export const MAX_HTML_BLOCKS = 1000;

const TOO_DEEP = Symbol("too deep");

/**
 * Nesting depth and block count of an HTML text, in one streaming pass that stops one level past
 * MAX_HTML_DEPTH (the parser's stack costs time per level: 100 000 levels took 2 s to read whole).
 */
export function htmlShape(html: string): { depth: number; blocks: number } {
  let depth = 0;
  let deepest = 0;
  let blocks = 0;
  const parser = new Parser({
    onopentag(name) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (BLOCK_TAGS.has(name)) blocks += 1;
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
  return { depth: deepest, blocks };
}

/** What is wrong with the text's structure, in the words of a 422, or null. */
export function htmlShapeProblem(html: string): string | null {
  const { depth, blocks } = htmlShape(html);
  if (depth > MAX_HTML_DEPTH) return `en çok ${MAX_HTML_DEPTH} iç içe HTML öğesi olabilir`;
  if (blocks > MAX_HTML_BLOCKS) return `en çok ${MAX_HTML_BLOCKS} blok (paragraf, başlık, liste maddesi, tablo satırı ve hücresi) olabilir (${blocks} var)`;
  return null;
}
