// A remembered shaping is the same as a fresh one, and no caller can change it for the next.
import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { loadPdfFonts, SANS } from "./fonts";

interface Run {
  glyphs: { id: number }[];
  positions: { xAdvance: number }[];
  advanceWidth: number;
}

async function sans(): Promise<{ layout(text: string): Run }> {
  await loadPdfFonts();
  return Font.getFont({ fontFamily: SANS, fontWeight: 400, fontStyle: "normal" }).data as unknown as { layout(text: string): Run };
}

describe("cacheShaping", { timeout: 30_000 }, () => {
  it("hands out copies of the first shaping of a run", async () => {
    const font = await sans();
    const text = "Şükrü Çağlar Iğdır, işlem sırasında ağrı görülebilir. AV To";
    const first = font.layout(text);
    const widths = first.positions.map((p) => p.xAdvance);
    const ids = first.glyphs.map((g) => g.id);
    first.positions[0]!.xAdvance += 1000;
    first.glyphs.reverse();
    const second = font.layout(text);
    expect(second).not.toBe(first);
    expect(second.positions.map((p) => p.xAdvance)).toEqual(widths);
    expect(second.glyphs.map((g) => g.id)).toEqual(ids);
    // The glyph run's getters survive the copy.
    expect(second.advanceWidth).toBe(widths.reduce((a, b) => a + b, 0));
  });
});
