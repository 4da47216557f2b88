// DejaVu fonts for the PDFs: the built-in Helvetica has no glyphs for ğ, ş, ı, İ and garbles Turkish.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { keepRequestedCodePoints } from "./glyph-code-points";
import { cacheShaping } from "./shaping-cache";

export const SANS = "DejaVu Sans";
export const MONO = "DejaVu Sans Mono";

const TTF_DIR = path.join("node_modules", "dejavu-fonts-ttf", "ttf");

/**
 * The font directory, looked up from the working directory upwards: the server runs from the repo
 * root, but tests and scripts may start in a subfolder. Resolved at run time, not through the
 * bundler, so that Next neither inlines the TTFs nor traces the whole project.
 */
function fontDir(): string {
  let dir = path.resolve(/*turbopackIgnore: true*/ process.cwd());
  for (;;) {
    const candidate = path.join(/*turbopackIgnore: true*/ dir, TTF_DIR);
    if (existsSync(path.join(/*turbopackIgnore: true*/ candidate, "DejaVuSans.ttf"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`DejaVu fonts not found: no ${TTF_DIR} above ${process.cwd()}`);
    }
    dir = parent;
  }
}

/** The faces the documents draw with, and their files in the font directory. */
export const FACES = [
  { fontFamily: SANS, fontWeight: 400, fontStyle: "normal", file: "DejaVuSans.ttf" },
  { fontFamily: SANS, fontWeight: 700, fontStyle: "normal", file: "DejaVuSans-Bold.ttf" },
  { fontFamily: SANS, fontWeight: 400, fontStyle: "italic", file: "DejaVuSans-Oblique.ttf" },
  { fontFamily: SANS, fontWeight: 700, fontStyle: "italic", file: "DejaVuSans-BoldOblique.ttf" },
  { fontFamily: MONO, fontWeight: 400, fontStyle: "normal", file: "DejaVuSansMono.ttf" },
  { fontFamily: MONO, fontWeight: 700, fontStyle: "normal", file: "DejaVuSansMono-Bold.ttf" },
] as const;

/** The path of each face's font file, as registered. */
export function pdfFontFiles(): string[] {
  const dir = fontDir();
  return FACES.map((face) => path.join(/*turbopackIgnore: true*/ dir, face.file));
}

/** Registers the fonts once per process; later calls are no-ops. */
function registerPdfFonts(): void {
  // Asking the font store (not a flag of ours) keeps this right when Next reloads this module
  // in development while @react-pdf/renderer, an external package, keeps its registrations.
  const registered = Font.getRegisteredFontFamilies();
  if (registered.includes(SANS) && registered.includes(MONO)) return;
  const dir = fontDir();
  for (const family of [SANS, MONO]) {
    if (registered.includes(family)) continue;
    Font.register({
      family,
      fonts: FACES.filter((face) => face.fontFamily === family).map((face) => ({
        src: path.join(/*turbopackIgnore: true*/ dir, face.file),
        fontWeight: face.fontWeight,
        fontStyle: face.fontStyle,
      })),
    });
  }
  Font.registerHyphenationCallback(breakWord);
  fallBackToDejaVu();
}

/** The family react-pdf appends to every font stack and draws with whatever the stack's fonts lack. */
const FALLBACK_FAMILY = "Helvetica";

/**
 * Out of the box that fallback is the built-in Helvetica: not embedded (PDF/A requires every font
 * embedded) and encoded in WinAnsi, so a name in Chinese was printed as "‹" and Arabic in italic
 * (DejaVu's oblique faces have no Arabic) as "'(-1E" — other characters than the text's. Every style
 * of the fallback is pointed at the upright DejaVu Sans instead: italic or bold text it lacks is
 * drawn upright and regular, and a character no face has is drawn as the missing-glyph box, never
 * as another character (lib/documents/printable.ts refuses such text where it comes in).
 */
function fallBackToDejaVu(): void {
  const families = Font.getRegisteredFonts();
  const fallback = families[FALLBACK_FAMILY];
  const regular = families[SANS]?.sources.find((s) => s.fontStyle === "normal" && s.fontWeight === 400);
  if (!fallback || !regular || fallback.sources.every((s) => s.src === regular.src)) return;
  fallback.sources = (["normal", "italic"] as const).flatMap((fontStyle) =>
    [400, 700].map(
      (fontWeight) =>
        Object.create(regular, {
          fontStyle: { value: fontStyle },
          fontWeight: { value: fontWeight },
          // The regular face's own font object, loaded once: a run falling back is not split from its neighbours.
          data: { get: () => regular.data },
          load: { value: () => regular.load() },
        }) as typeof regular,
    ),
  );
}

/** What this module needs of a loaded fontkit font (fontkit ships no types). */
interface GlyphSource {
  getGlyph(id: number, codePoints?: number[]): unknown;
  postscriptName: string;
  _tables?: { name?: { records?: unknown } };
}

const isGlyphSource = (font: unknown): font is GlyphSource =>
  typeof font === "object" && font !== null && "getGlyph" in font && "postscriptName" in font;

let loaded: Promise<void> | null = null;

/**
 * Registers and loads the fonts and readies each face for the layout engine: every glyph keeps the
 * characters it was asked for (glyph-code-points.ts; this replaces filling fontkit's glyph cache
 * from the character map, which guarded the letters but not the missing-glyph box or the parts of
 * Arabic ligatures), pdfkit's per-run font check is cheap, and recurring runs are shaped once.
 */
export function loadPdfFonts(): Promise<void> {
  registerPdfFonts();
  loaded ??= (async () => {
    for (const face of FACES) {
      await Font.load(face);
      const font: unknown = Font.getFont(face).data;
      if (!isGlyphSource(font)) throw new Error(`font not loaded: ${face.fontFamily} ${face.fontWeight} ${face.fontStyle}`);
      keepRequestedCodePoints(font);
      freezeNameRecordsJson(font);
      cacheShaping(font);
    }
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/**
 * pdfkit is handed the fontkit font itself for every run of text it draws, opens a new embedded
 * font for it each time and decides that it already has that font by comparing
 * `JSON.stringify(font._tables.name.records)` of both: a few hundred name records serialized twice
 * per line of text, about 5 % of a consent's render time. The records never change once loaded, so
 * a digest of their JSON is computed once here and returned through `toJSON`: two fonts still
 * compare equal exactly when their records do, for a fraction of the work.
 */
function freezeNameRecordsJson(font: GlyphSource): void {
  void font.postscriptName; // decodes the name table into font._tables
  const records = font._tables?.name?.records;
  if (typeof records !== "object" || records === null || "toJSON" in records) return;
  const digest = createHash("sha256").update(JSON.stringify(records)).digest("hex");
  Object.defineProperty(records, "toJSON", { value: () => digest, enumerable: false });
}

const LONG_WORD = 24;
const CHUNK = 6;

/**
 * Line-break points inside a word. The default hyphenator is English and would split Turkish words
 * at wrong places with a "-" the person never read, so ordinary words are never split. A word too
 * long for a line (a URL, a digest) would overflow the page and lose characters; it gets break
 * points every few characters, marked by empty parts, which the line breaker treats as zero-width
 * glue rather than a hyphenation point, so nothing is added to the text.
 */
function breakWord(word: string): string[] {
  if (word.length <= LONG_WORD) return [word];
  const parts: string[] = [];
  for (let i = 0; i < word.length; i += CHUNK) {
    if (i > 0) parts.push("");
    parts.push(word.slice(i, i + CHUNK));
  }
  return parts;
}
