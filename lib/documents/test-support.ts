// Helpers for the PDF and signing tests: PNG files (a drawn-looking signature, or any rows and header)
// and the text of a PDF via pdftotext.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

export interface PngHeader {
  bitDepth?: number;
  colourType?: number;
  interlace?: number;
}

/** A PNG of `rows` (filtered scanlines, each a filter byte and the pixels), 8-bit RGBA unless `header` says otherwise. */
export function pngOf(width: number, height: number, rows: Buffer, header: PngHeader = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([header.bitDepth ?? 8, header.colourType ?? 6, 0, 0, header.interlace ?? 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A transparent RGBA PNG with a dark-blue scribble, like signature_pad's output. */
export function signaturePng(width = 300, height = 100): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = y * (width * 4 + 1) + 1 + x * 4;
    rows.set([20, 40, 110, 255], at);
  };
  for (let x = 10; x < width - 10; x++) {
    const t = x / 18;
    const y = Math.round(height / 2 + Math.sin(t) * (height / 4) * Math.cos(t / 3));
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) ink(x + dx, y + dy);
  }
  return pngOf(width, height, rows);
}

/** `pdftotext -layout` output, one string per page (poppler separates pages with form feeds). */
export function pdfPages(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "onam-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    return text.split("\f").slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Collapses whitespace, so that sentences wrapped over lines can be searched for. */
export const squash = (text: string): string => text.replace(/\s+/g, " ");

/**
 * poppler writes right-to-left text between embedding marks (U+202A–U+202E), which are not the
 * document's; they stand where a run of one direction meets the other, a word boundary, and the
 * space there is sometimes inside them: each becomes a space (squash() collapses the extra ones).
 */
export const withoutEmbeddings = (text: string): string => text.replace(/[\u202a-\u202e]/g, " ");

function withPdfFile<T>(pdf: Buffer, use: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "onam-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of the left or the right half of every A4 page, pages in order (pdftotext -layout, cropped
 * in points): what stands in one column of blocks laid out two a row, without its neighbour's lines.
 */
export function pdfColumn(pdf: Buffer, side: "left" | "right"): string {
  const x = side === "left" ? 0 : 298;
  return withPdfFile(pdf, (file) =>
    execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-x", String(x), "-y", "0", "-W", "297", "-H", "842", file, "-"], { encoding: "utf8" }),
  );
}

/** How many raster images the pages draw (pdfimages -list, soft masks not counted): the drawn signatures. */
export function pdfImageCount(pdf: Buffer): number {
  const list = withPdfFile(pdf, (file) => execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }));
  return list.split("\n").slice(2).filter((line) => line.trim().split(/\s+/)[2] === "image").length;
}

export interface PdfWord {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}

/** The words of the first page with their boxes (pdftotext -bbox), top to bottom: where each was drawn. */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const xhtml = withPdfFile(pdf, (file) => execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
  const words = [...xhtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)];
  return words.map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), text: m[4]! })).sort((a, b) => a.yMin - b.yMin);
}
