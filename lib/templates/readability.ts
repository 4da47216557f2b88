// issue #52: how easily a patient reads a template's Turkish text, by Ateşman's formula (1997), the
// Flesch score refitted to Turkish:
//   score = 198.825 − 40.175 × (syllables / words) − 2.610 × (words / sentences)
// A Turkish syllable has exactly one vowel, so syllables are counted as vowels. Ateşman's bands:
// 90–100 very easy, 70–89 easy, 50–69 medium, 30–49 difficult, below 30 very difficult.
// Pure: the editor shows it live (through a server action) and each published version stores it.
import { Parser } from "htmlparser2";
import { EASY_SCORE, levelOf, type ReadabilityLevel } from "@/lib/templates/readability-scale";

export { EASY_SCORE, levelOf, type ReadabilityLevel };
/** Flagged sentences listed, at most: the editor names the worst first. */
const MAX_FLAGGED = 10;
const MAX_FLAGGED_CHARS = 240;
// A heading or a label of one or two words is not a sentence a patient struggles with, whatever its syllables.
const MIN_FLAGGED_WORDS = 3;

export interface HardSentence {
  text: string;
  score: number;
}

export interface Readability {
  /** rounded to one decimal; may fall outside 0–100 for extreme texts, as the formula does */
  score: number;
  level: ReadabilityLevel;
  words: number;
  sentences: number;
  syllables: number;
  /** sentences of three words or more whose own score is below EASY_SCORE, lowest first (at most 10) */
  hard: HardSentence[];
}

const VOWELS = /[aeıioöuüâîûAEIİOÖUÜÂÎÛ]/g;
// A word: letters and digits, with inner apostrophes or hyphens ("Türkiye'de", "ağız-diş").
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
// A sentence ends at . ! ? … (with any closing quote or bracket) before a space or the block's end.
const SENTENCE_END = /(?<=[.!?…]+["'”’)\]]*)\s+/u;
const PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]{0,63}\}/g;

/** Syllables of one word: its vowels, at least one (a number or an abbreviation is still said). */
export function syllablesOf(word: string): number {
  return Math.max(1, word.match(VOWELS)?.length ?? 0);
}

/** Ateşman's formula on counts, unrounded. */
export function atesman(syllables: number, words: number, sentences: number): number {
  return 198.825 - 40.175 * (syllables / words) - 2.61 * (words / sentences);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "li", "ul", "ol", "table", "tr", "td", "th", "caption", "br", "hr"]);

/**
 * The text blocks of an HTML body (paragraphs, headings, list items, table cells): a block's end
 * ends its last sentence even without a full stop (a heading is a sentence of its own).
 */
export function textBlocks(html: string): string[] {
  const blocks: string[] = [];
  let current = "";
  const flush = () => {
    const text = current.replace(/\s+/g, " ").trim();
    if (text) blocks.push(text);
    current = "";
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (BLOCKS.has(name)) flush();
      },
      ontext(text) {
        current += text;
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

/** The sentences of plain-text blocks; a number's full stop ("11. madde", a Turkish ordinal) ends none. */
export function sentencesOf(blocks: readonly string[]): string[] {
  return blocks
    .flatMap((b) =>
      b.split(SENTENCE_END).reduce<string[]>((out, piece) => {
        if (out.length && /\d\.$/.test(out[out.length - 1]!)) out[out.length - 1] += ` ${piece}`;
        else out.push(piece);
        return out;
      }, []),
    )
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length);
}

/**
 * The words of a sentence. Placeholders are left out: what fills them is a name or a date, not the
 * author's wording (the flagged sentence still shows them as written).
 */
function wordsOf(sentence: string): string[] {
  return sentence.replace(PLACEHOLDER, " ").match(WORD) ?? [];
}

/** The Ateşman readability of a template body (HTML); null when it has no words. */
export function readabilityOf(html: string): Readability | null {
  const sentences = sentencesOf(textBlocks(html));
  let words = 0;
  let syllables = 0;
  const measured: HardSentence[] = [];
  for (const sentence of sentences) {
    const w = wordsOf(sentence);
    const s = w.reduce((n, word) => n + syllablesOf(word), 0);
    words += w.length;
    syllables += s;
    const own = atesman(s, w.length, 1);
    if (own < EASY_SCORE && w.length >= MIN_FLAGGED_WORDS) measured.push({ text: sentence.length > MAX_FLAGGED_CHARS ? `${sentence.slice(0, MAX_FLAGGED_CHARS - 1)}…` : sentence, score: round1(own) });
  }
  if (words === 0) return null;
  const score = round1(atesman(syllables, words, sentences.length));
  return {
    score,
    level: levelOf(score),
    words,
    sentences: sentences.length,
    syllables,
    hard: measured.sort((a, b) => a.score - b.score).slice(0, MAX_FLAGGED),
  };
}
