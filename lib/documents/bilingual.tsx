// Bilingual wording of the documents (decisions §17): Turkish beside the consent's language, and
// Arabic laid out right to left. The layout engine orders each text element from one base direction
// (left to right unless the element says otherwise), so Arabic that shares an element with Turkish
// or with a date is reordered at its edges: "عنوان IP" read "IP عنوان", a full stop jumped to the
// start of the sentence. Here each language gets its own element, and Arabic its own direction;
// no invisible direction marks are added (the fonts draw none, and a mark drawn is a box).
import { Text, View, type Styles } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { LabelPair } from "./pdf-labels";
import { pdfLang, pdfTag, TURKISH, type StructTag } from "./pdf-tags";

type PdfStyle = Styles[string];

const STRONG_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER = /\p{L}/u;

/**
 * The direction of a value written by people (a name, a reason): that of its first letter, as a
 * browser's dir="auto" decides. An Arabic name or reason is then ordered right to left, its end
 * punctuation and any Latin word in it in their place.
 */
export function directionOfText(text: string): "ltr" | "rtl" {
  for (const ch of text) if (LETTER.test(ch)) return STRONG_RTL.test(ch) ? "rtl" : "ltr";
  return "ltr";
}

/** A value written by people, in the direction of its own letters; `align` keeps short values beside their labels. */
export function Value({ children, style, align, tag }: { children: string; style?: PdfStyle; align?: "natural" | "left"; tag?: StructTag }): ReactElement {
  const rtl = directionOfText(children) === "rtl";
  return (
    <Text {...(tag ? pdfTag(tag) : {})} style={{ ...style, ...(rtl ? { direction: "rtl", textAlign: align === "left" ? "left" : "right" } : {}) }}>
      {children}
    </Text>
  );
}

/**
 * A short label: Turkish alone; "Turkish / other" on one line for a left-to-right language; for
 * Arabic, the Turkish and then the Arabic as elements of their own, side by side while they fit,
 * the Arabic under the Turkish when they do not. Kept together rather than spread to the two edges:
 * the value under the label starts at the left, and a label at the far right read as another field's.
 */
export function Label({ text, style }: { text: LabelPair; style?: PdfStyle }): ReactElement {
  if (text.other === null) return <Text style={style}>{text.tr}</Text>;
  if (!text.rtl) return <Text style={style}>{`${text.tr} / ${text.other}`}</Text>;
  return (
    <View style={{ flexDirection: "row", flexWrap: "wrap" }}>
      <Text {...pdfLang(TURKISH)} style={{ ...style, marginRight: 8 }}>
        {text.tr}
      </Text>
      {/* textAlign spelled out: react-pdf offsets a shrink-to-fit text by its explicit alignment only,
          and drew the implicit right alignment of right-to-left text past the end of its box. */}
      <Text style={{ ...style, direction: "rtl", textAlign: "right" }}>{text.other}</Text>
    </View>
  );
}

/**
 * A heading over two lines whatever its length — Turkish, then the other language — so that blocks
 * side by side start their contents at the same height.
 */
export function StackedLabel({ text, style, tag }: { text: LabelPair; style?: PdfStyle; tag?: StructTag }): ReactElement {
  const tagged = tag ? pdfTag(tag) : {};
  if (text.other === null) return <Text {...tagged} style={style}>{text.tr}</Text>;
  return (
    <View {...tagged}>
      <Text {...pdfLang(TURKISH)} style={style}>
        {text.tr}
      </Text>
      <Text style={{ ...style, ...(text.rtl ? { direction: "rtl", textAlign: "left" } : {}) }}>{text.other}</Text>
    </View>
  );
}

/** A sentence or more: the Turkish paragraph, then the other language's under it (right-aligned Arabic). */
export function Paragraphs({ text, style }: { text: LabelPair; style?: PdfStyle }): ReactElement {
  return (
    <View>
      <Text {...(text.other === null ? {} : pdfLang(TURKISH))} style={style}>
        {text.tr}
      </Text>
      {text.other === null ? null : (
        <Text style={{ ...style, marginTop: 2, ...(text.rtl ? { direction: "rtl", textAlign: "right" } : {}) }}>{text.other}</Text>
      )}
    </View>
  );
}
