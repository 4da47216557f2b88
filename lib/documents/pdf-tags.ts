// Tagged PDF (issue #50, decisions §25): what a node of a document is, for screen readers and for
// PDF/UA-1's structure tree. react-pdf has no such notion upstream (diegomura/react-pdf#3179); the
// renderer vendored in vendor/react-pdf-render reads a `tag` prop (and a Figure's `alt`, a cell's
// `scope`) from any View, Text or Image, wraps what that node draws in a structure element of that
// type, makes an untagged Text a paragraph, and draws running headers and footers, backgrounds,
// borders and untagged pictures as artifacts.

export type StructTag =
  | "H1"
  | "H2"
  | "H3"
  | "H4"
  | "H5"
  | "H6"
  | "P"
  | "Sect"
  | "Div"
  | "BlockQuote"
  | "Caption"
  | "L"
  | "LI"
  | "Lbl"
  | "LBody"
  | "Table"
  | "TR"
  | "TH"
  | "TD"
  | "Figure"
  | "Artifact";

export interface StructOptions {
  /** a Figure's text alternative (PDF/UA-1 §7.3) */
  alt?: string;
  /** a TH's scope */
  scope?: "Row" | "Column" | "Both";
  /** BCP 47, where a part is in another language than the document */
  lang?: string;
}

/**
 * Props to spread on a react-pdf View, Text or Image: `<View {...pdfTag("H2")}>`, one call per
 * element. The components' types know no such props (they pass through to the layout nodes
 * untouched), hence the plain object. `structKey` is the element's identity: the layout copies the
 * props of a container split over pages, and the renderer keeps one structure element (one table,
 * one list) for the parts that share it.
 */
export function pdfTag(tag: StructTag, options: StructOptions = {}): object {
  return { tag, ...options, structKey: {} };
}

/**
 * The language of one Text, when it is not the document's (/Lang is the consent's language): the
 * Turkish half of a bilingual label, the Turkish-only statement. Its paragraph, or a Span inside a
 * heading or a cell, says so, and a screen reader switches voice.
 */
export function pdfLang(lang: string): object {
  return { lang };
}

/** The Turkish of every document: its labels beside the consent's language, its Turkish-only parts. */
export const TURKISH = "tr-TR";
