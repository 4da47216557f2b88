import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { loadPdfFonts, SANS } from "./fonts";
import { PRINTABLE_RANGES, unprintableCharacters, unprintableMessage } from "./printable";

describe("what the documents can print", () => {
  it("is exactly the installed DejaVu Sans's character map", async () => {
    await loadPdfFonts();
    const font = Font.getFont({ fontFamily: SANS, fontWeight: 400, fontStyle: "normal" }).data as unknown as { characterSet: number[] };
    const fromFont = [...new Set(font.characterSet)].sort((a, b) => a - b);
    const fromRanges = PRINTABLE_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
    expect(fromRanges).toEqual(fromFont);
  });

  it("takes the six languages' scripts, Persian and Hebrew letters, accents and the common emoticons", () => {
    for (const name of ["Şükrü Çağlar Iğdır", "محمد رضایی", "پ چ ژ گ ک", "Иван Петров", "Jörg Müller", "Jérôme Façade", "דוד כהן", "Nguyễn Văn Anh", "Łukasz Żółć", "😀"]) {
      expect(unprintableCharacters(name), name).toEqual([]);
    }
    expect(unprintableCharacters("satır\nsonu\tsekme")).toEqual([]);
  });

  it("takes the invisible marks Arabic text carries, which steer the layout and are drawn as nothing", () => {
    // RLM, ALM and isolates as a word processor leaves them (glyph-code-points.test.ts: drawn as nothing).
    expect(unprintableCharacters("أحمد علي\u200f ولد في \u061c2019 ويتناول \u2066Paracetamol\u2069.\u200e")).toEqual([]);
    expect(unprintableCharacters("\u2067\u2068\u2069\u200d\u200c\ufe0f")).toEqual([]);
    // A Hangul filler is default-ignorable too, but the shaper draws it: still refused.
    expect(unprintableCharacters("\u3164")).toEqual(["\u3164"]);
  });

  it("names what it lacks, each once, at most three", () => {
    expect(unprintableCharacters("王小明")).toEqual(["王", "小", "明"]);
    expect(unprintableCharacters("Dr. 🦷 🦷 Işık")).toEqual(["🦷"]);
    expect(unprintableCharacters("金正恩 김정은")).toHaveLength(3);
    expect(unprintableMessage(["王", "🦷"])).toBe("belgede basılamayan karakter: 王 (U+738B), 🦷 (U+1F9B7)");
  });
});
