// Every character the documents draw has a glyph in the font it is drawn with (issue #37 item 7: a
// box after "imzalanmıştır." in the Arabic consent). The check reads the runs react-pdf lays out —
// the font of each run and the glyphs it draws — and looks every character up in the character map
// of the font files the app registers, opened here on their own. Nothing is listed by hand.
import { cloneElement, type ReactElement } from "react";
import { renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { openSync, type Font as FontFile } from "fontkit";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/i18n/languages";
import { ConsentDocument } from "./consent-document";
import { runDocumentTask } from "./document-task";
import { EvidenceReport } from "./evidence-report";
import { loadPdfFonts, pdfFontFiles } from "./fonts";
import { SAMPLES, sampleConsent, sampleEvidence, sampleRefusal } from "@/tests/fixtures/language-samples";
import { RefusalDocument } from "./refusal-document";
import { renderConsentPdf } from "./render-consent-pdf";
import { warmUpTask } from "./warm-up-task";

interface DrawnRun {
  font: string;
  /** the run's characters, as laid out on its line */
  text: string;
  /** the whole text element's characters, line breaks included */
  block: string;
  glyphs: { id: number; codePoints: number[] }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function glyphsOf(v: unknown): DrawnRun["glyphs"] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((g) => ({
    id: typeof g.id === "number" ? g.id : -1,
    codePoints: Array.isArray(g.codePoints) ? g.codePoints.filter((c): c is number => typeof c === "number") : [],
  }));
}

/** The text a layout node was given (its text instances' values, nested text included). */
function sourceText(node: unknown): string {
  if (!isRecord(node)) return "";
  if (typeof node.value === "string") return node.value;
  return Array.isArray(node.children) ? node.children.map(sourceText).join("") : "";
}

/** The text runs of a laid-out document (react-pdf's layout tree: pages, views, text lines, runs). */
function drawnRuns(node: unknown, seen = new Set<unknown>(), out: DrawnRun[] = []): DrawnRun[] {
  if (!isRecord(node) || seen.has(node)) return out;
  seen.add(node);
  const block = Array.isArray(node.lines) ? sourceText(node) : "";
  for (const line of Array.isArray(node.lines) ? node.lines.filter(isRecord) : []) {
    const string = typeof line.string === "string" ? line.string : "";
    for (const run of Array.isArray(line.runs) ? line.runs.filter(isRecord) : []) {
      const font = isRecord(run.attributes) && Array.isArray(run.attributes.font) ? run.attributes.font[0] : undefined;
      const name = isRecord(font) && typeof font.postscriptName === "string" ? font.postscriptName : String(font);
      const [start, end] = [Number(run.start), Number(run.end)];
      out.push({ font: name, text: string.slice(start, end), block, glyphs: glyphsOf(run.glyphs) });
    }
  }
  if (Array.isArray(node.children)) for (const child of node.children) drawnRuns(child, seen, out);
  return out;
}

/** Renders the document as the app does and returns what react-pdf laid out for it. */
async function layOut(doc: ReactElement<DocumentProps>): Promise<DrawnRun[]> {
  await loadPdfFonts();
  let layout: unknown;
  const onRender = (props: object) => {
    layout = "_INTERNAL__LAYOUT__DATA_" in props ? props._INTERNAL__LAYOUT__DATA_ : undefined;
  };
  await renderToBuffer(cloneElement(doc, { onRender }));
  const runs = drawnRuns(layout);
  // react-pdf hands its layout to onRender; should a release stop doing so, this test must not pass empty.
  if (runs.length === 0) throw new Error("react-pdf handed out no laid-out text (onRender's _INTERNAL__LAYOUT__DATA_)");
  return runs;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
/** Characters that are layout, not ink: controls (line breaks) and format characters (direction marks, joiners). */
const invisible = (cp: number) => /[\p{Cc}\p{Default_Ignorable_Code_Point}]/u.test(String.fromCodePoint(cp));
const visible = (cps: Iterable<number>) => [...cps].filter((cp) => !invisible(cp) && cp !== 0x20).sort((a, b) => a - b);

/**
 * What is wrong with the drawn runs: a missing-glyph box, a character drawn with a font whose
 * character map lacks it, or letters of the text that no glyph draws.
 */
function problems(runs: readonly DrawnRun[], files: ReadonlyMap<string, FontFile>): string[] {
  const found = new Set<string>();
  for (const run of runs) {
    const file = files.get(run.font);
    const at = `in "${run.text.trim().slice(0, 40)}"`;
    if (!file) {
      found.add(`${at}: drawn with ${run.font}, which is not one of the registered font files`);
      continue;
    }
    const lacks = (cp: number) => !file.hasGlyphForCodePoint(cp);
    for (const glyph of run.glyphs) {
      if (glyph.id === 0) {
        // A glyph that lost its characters (fontkit's cache did that) is named by what the font lacks in its text.
        const lacking = (text: string) => [...new Set([...text].map((ch) => ch.codePointAt(0)!))].filter(lacks);
        const which = glyph.codePoints.length > 0 ? glyph.codePoints : lacking(run.text).length > 0 ? lacking(run.text) : lacking(run.block);
        found.add(`${which.map(hex).join(" or ") || "a character"} drawn with ${run.font} as the missing-glyph box ${at}`);
      }
      for (const cp of glyph.codePoints) if (lacks(cp)) found.add(`${hex(cp)} drawn with ${run.font}, which has no glyph for it, ${at}`);
    }
    for (const ch of run.text) {
      const cp = ch.codePointAt(0)!;
      if (!invisible(cp) && lacks(cp)) found.add(`${hex(cp)} laid out in ${run.font}, which has no glyph for it, ${at}`);
    }
    const fromText = visible([...run.text].map((ch) => ch.codePointAt(0)!));
    const fromGlyphs = visible(run.glyphs.flatMap((g) => g.codePoints));
    if (fromText.join() !== fromGlyphs.join()) found.add(`${run.font} draws other letters than its text ${at}`);
  }
  return [...found];
}

describe("the characters the documents draw", { timeout: 60_000 }, () => {
  const files = new Map<string, FontFile>();

  beforeAll(async () => {
    for (const path of pdfFontFiles()) {
      const font = openSync(path);
      if (!("hasGlyphForCodePoint" in font)) throw new Error(`${path} is a font collection`);
      files.set(font.postscriptName, font);
    }
    // As on a document thread that has rendered the warm-up document and documents in every
    // language before: what only shows from a thread's second document on shows here (the box
    // did: fontkit's glyph cache lost the characters of glyphs that written documents had used).
    await runDocumentTask(warmUpTask());
    // A Turkish consent of a patient whose names are written in Arabic letters, as many are in Turkish clinics.
    await renderConsentPdf({ ...sampleConsent("tr"), patientName: "محمد الأحمد", approver: { type: "veli", name: "فاطمة الأحمد", relation: "Annesi" } });
    for (const language of LANGUAGES) await renderConsentPdf(sampleConsent(language));
  });

  // The consent and a refusal on record in the language's bilingual labels; the evidence report is
  // Turkish throughout (decisions §8), the language is in its data: the person's reason, the browser.
  it.each(LANGUAGES)("all have a glyph in their font, and every letter is drawn: %s", async (language) => {
    const consent = await layOut(ConsentDocument({ data: sampleConsent(language) }));
    const refusal = await layOut(RefusalDocument({ data: sampleRefusal(language) }));
    const evidence = await layOut(EvidenceReport({ data: sampleEvidence(language) }));
    expect(problems(consent, files), "consent").toEqual([]);
    expect(problems(refusal, files), "refusal on record").toEqual([]);
    expect(problems(evidence, files), "evidence report").toEqual([]);

    // The check saw the language's own text: every letter of the names and of the withdrawal reason.
    const s = SAMPLES[language];
    const undrawn = (text: string, runs: DrawnRun[]) => {
      const drawn = new Set(runs.flatMap((r) => r.glyphs.flatMap((g) => g.codePoints)));
      return [...text].filter((ch) => /\p{L}/u.test(ch) && !drawn.has(ch.codePointAt(0)!)).map((ch) => hex(ch.codePointAt(0)!));
    };
    expect(undrawn(`${s.patient}${s.interpreter ?? ""}${s.procedure}`, consent)).toEqual([]);
    expect(undrawn(s.reason, refusal)).toEqual([]);
    expect(undrawn(s.reason, evidence)).toEqual([]);
  });

  it("catches a character no registered font has", async () => {
    const runs = await layOut(ConsentDocument({ data: { ...sampleConsent("tr"), patientName: "王 Işık" } }));
    expect(problems(runs, files).join("\n")).toMatch(/U\+738B .*DejaVuSans/);
  });
});
