// Every language of the PDFs has its own wording for every label (decisions §17), and none of it
// carries an invisible direction mark: right-to-left order comes from the layout (bilingual.tsx),
// and a mark the font has no glyph for would be drawn as a box.
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/i18n/languages";
import { labelPair, PDF_LABELS, pdfLabels, type PdfLabels } from "./pdf-labels";

/** Labels that read the same in Turkish and in the language: "Telefon". */
const SAME_WORD = new Set(["de phone"]);

const texts = (l: PdfLabels): [string, string][] => [
  ...Object.entries(l).filter((e): e is [string, string] => typeof e[1] === "string"),
  ...Object.entries(l.approverTypes).map(([k, v]): [string, string] => [`approverTypes.${k}`, v]),
  ["onBehalfOf", l.onBehalfOf("X")],
];

describe("the PDF labels", () => {
  it.each(LANGUAGES.filter((l) => l !== "tr"))("are written in %s, every one of them", (language) => {
    const tr = new Map(texts(PDF_LABELS.tr));
    const own = texts(PDF_LABELS[language]);
    expect(own.map(([k]) => k).sort()).toEqual([...tr.keys()].sort());
    for (const [key, value] of own) {
      expect(value.trim(), key).not.toBe("");
      // A translation, not the Turkish copied over (but for words the two languages share).
      if (!SAME_WORD.has(`${language} ${key}`)) expect(value, key).not.toBe(tr.get(key));
      if (language === "ar") expect(value, key).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it("carry no invisible direction marks in any language", () => {
    for (const language of LANGUAGES) {
      for (const [key, value] of texts(pdfLabels(language))) expect(value, `${language} ${key}`).not.toMatch(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it("pair Turkish with the document's language, right to left for Arabic", () => {
    expect(labelPair("tr", (l) => l.witness)).toEqual({ tr: "Tanık", other: null, rtl: false });
    expect(labelPair("de", (l) => l.witness)).toEqual({ tr: "Tanık", other: "Zeuge/Zeugin", rtl: false });
    expect(labelPair("ar", (l) => l.informingPhysician)).toEqual({ tr: "Bilgilendirmeyi yapan hekim", other: "الطبيب الذي قدّم المعلومات", rtl: true });
  });
});
