// A glyph is handed out with the characters it was asked for, and the characters that steer the layout
// without ink are drawn as nothing in every face, also after documents have been written.
import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { runDocumentTask } from "./document-task";
import { FACES, loadPdfFonts } from "./fonts";
import { keepRequestedCodePoints } from "./glyph-code-points";
import { unprintableCharacters } from "./printable";
import { warmUpTask } from "./warm-up-task";

interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** fontkit's behaviour in small: one glyph object per id, stamped with the characters of the first request. */
function store() {
  const glyphs = new Map<number, Glyph>();
  return {
    getGlyph(id: number, codePoints: number[] = []): Glyph {
      if (!glyphs.has(id)) glyphs.set(id, { id, codePoints, advanceWidth: 500 + id });
      return glyphs.get(id)!;
    },
  };
}

describe("keepRequestedCodePoints", () => {
  it("gives a glyph first loaded without characters the characters asked for, leaving the shared glyph as it was", () => {
    const font = store();
    keepRequestedCodePoints(font);
    const bare = font.getGlyph(0);
    const lineFeed = font.getGlyph(0, [0x0a]);
    const isolate = font.getGlyph(0, [0x2067]);
    expect([lineFeed.codePoints, isolate.codePoints, bare.codePoints]).toEqual([[0x0a], [0x2067], []]);
    expect([lineFeed.id, lineFeed.advanceWidth]).toEqual([0, 500]);
    // The same object when it already holds those characters, or when none are asked for.
    const lamAlef = font.getGlyph(7, [0x644, 0x627]);
    expect(font.getGlyph(7, [0x644, 0x627])).toBe(lamAlef);
    expect(font.getGlyph(7)).toBe(lamAlef);
  });

  it("guards a font once", () => {
    const font = store();
    keepRequestedCodePoints(font);
    const guarded = font.getGlyph;
    keepRequestedCodePoints(font);
    expect(font.getGlyph).toBe(guarded);
  });
});

interface Run {
  glyphs: { id: number }[];
  advanceWidth: number;
}

/** The default-ignorable characters (Unicode's derived property) the documents accept as invisible. */
function invisibleCharacters(): string[] {
  const out: string[] = [];
  const ranges: [number, number][] = [[0, 0xffff], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff]];
  for (const [from, to] of ranges) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      if (/\p{Default_Ignorable_Code_Point}/u.test(ch) && unprintableCharacters(ch).length === 0) out.push(ch);
    }
  }
  return out;
}

describe("invisible characters in the documents' faces", { timeout: 60_000 }, () => {
  it("are drawn as nothing in every face, after documents have been written as well", async () => {
    await loadPdfFonts();
    // Writing a document takes glyphs out of fontkit's cache without characters (the box after
    // "imzalanmıştır." came from there): the check runs after it.
    await runDocumentTask(warmUpTask());
    const invisible = invisibleCharacters();
    expect(invisible).toEqual(expect.arrayContaining(["\u200e", "\u200f", "\u061c", "\u2066", "\u2067", "\u2068", "\u2069", "\u200d", "\ufeff"]));
    const drawn: string[] = [];
    for (const face of FACES) {
      const font = Font.getFont(face).data as unknown as { layout(text: string): Run; postscriptName: string };
      const plain = font.layout("aa").advanceWidth;
      for (const ch of invisible) {
        const run = font.layout(`a${ch}a`);
        if (run.advanceWidth !== plain || run.glyphs.some((g) => g.id === 0)) {
          drawn.push(`U+${ch.codePointAt(0)!.toString(16).toUpperCase()} in ${font.postscriptName}`);
        }
      }
    }
    expect(drawn).toEqual([]);
  });
});
