// Remembers the shaping of recent text runs per font, so repeated text is not shaped again.

/** A fontkit glyph run, as far as this module touches it (fontkit ships no types). */
interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}

interface Shaper {
  layout(text: string, features?: unknown, script?: string, language?: string, direction?: string): GlyphRun;
}

const isShaper = (font: unknown): font is Shaper =>
  typeof font === "object" && font !== null && "layout" in font && typeof font.layout === "function";

/** Runs remembered per font: the labels of both PDFs and the paragraphs of the templates in use. */
const MAX_ENTRIES = 2000;

const cached = new WeakSet<object>();

/** A copy the caller may change without touching the cached run (pdfkit scales positions in place). */
function copyRun(run: GlyphRun): GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object | null) as GlyphRun, run);
  copy.glyphs = run.glyphs.slice();
  copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object | null) as object, p));
  return copy;
}

/**
 * Shaping (OpenType substitution and kerning through fontkit) is about a third of the text layout
 * of a consent, and most of its runs recur from document to document: the fixed labels, the
 * signing statement, and the paragraphs of the same template. Shaping depends only on the font
 * and the arguments, so a run already shaped is handed out again as a copy; the oldest entries
 * are dropped past MAX_ENTRIES.
 */
export function cacheShaping(font: unknown): void {
  if (!isShaper(font) || cached.has(font)) return;
  cached.add(font);
  const shape = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text, features, script, language, direction) => {
    const key = `${JSON.stringify(features ?? null)}|${script ?? ""}|${language ?? ""}|${direction ?? ""}|${text}`;
    let run = runs.get(key);
    if (run) {
      runs.delete(key);
    } else {
      run = shape(text, features, script, language, direction);
      if (runs.size >= MAX_ENTRIES) runs.delete(runs.keys().next().value as string);
    }
    runs.set(key, run);
    return copyRun(run);
  };
}
