// Every glyph the shaper hands out carries the characters it was asked for, whoever loaded it first.

/** What this module needs of a fontkit glyph (fontkit ships no types). */
interface Glyph {
  codePoints: number[];
  advanceWidth: number;
}

interface GlyphStore {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
}

const isGlyphStore = (font: unknown): font is GlyphStore =>
  typeof font === "object" && font !== null && "getGlyph" in font && typeof font.getGlyph === "function";

const guarded = new WeakSet<object>();

function same(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * fontkit keeps one glyph object per glyph id and stamps it with the characters of its first
 * request. Two requests come without characters: pdfkit asks for the missing-glyph box (id 0) when it
 * embeds a font, and the subsetter asks for the parts of composite glyphs (the lam-alef ligature is
 * part of لأ, the dotless I of İ). After one document had been written, every later one in the
 * thread (and the warm-up document comes first in each) got glyphs without characters, and the
 * layout engine, which maps text to glyphs by their characters, went wrong in two ways:
 * - a character the face lacks (a line feed, an isolate U+2066–2069, the Arabic letter mark U+061C)
 *   was no longer recognised by the shaper as invisible and was drawn as a box — after
 *   "imzalanmıştır." in every bilingual statement, for one;
 * - text after a lam-alef lost letters ("الاسم" printed as "لاسم" in the Arabic labels).
 * A glyph asked for with other characters than it holds is handed out as a view that holds them;
 * the glyph object itself, shared with the subsetter and other documents, is never changed.
 */
export function keepRequestedCodePoints(font: unknown): void {
  if (!isGlyphStore(font) || guarded.has(font)) return;
  guarded.add(font);
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph === null || codePoints.length === 0 || same(glyph.codePoints, codePoints)) return glyph;
    // Metrics decoded on the shared glyph first, so that views inherit them instead of decoding again.
    void glyph.advanceWidth;
    return Object.create(glyph, { codePoints: { value: codePoints, enumerable: true, writable: true } }) as Glyph;
  };
}
