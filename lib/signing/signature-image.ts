// A drawn signature's PNG, read before it is kept. The document is rendered later, on the worker,
// where a PNG that does not decode is left out of the PDF without an error (a signed document with
// no signature in it), and a header that claims millions of pixels — a few hundred KB of zlib can —
// makes the renderer allocate gigabytes (measured: 2.4 GB RSS for one 470 KB file), then again on
// every retry. So the image is decoded here, bounded, off the event loop.
import { promisify } from "node:util";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import zlib from "node:zlib";

const inflate = promisify(zlib.inflate);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A signature pad on a 4K screen at 300 % zoom stays under these; a phone's is ~1100 × 600. */
const MAX_SIDE = 4096;
const MAX_PIXELS = 4096 * 2048;
const MIN_SIDE = 16;
/** What a canvas exports: 8-bit RGBA, or grey with alpha; bytes per pixel by PNG colour type. */
const BYTES_PER_PIXEL: Partial<Record<number, number>> = { 4: 2, 6: 4 };
const MAX_FILTER_TYPE = 4;

export type SignatureImage = "drawn" | "empty" | "invalid";

interface Header {
  width: number;
  height: number;
  bytesPerPixel: number;
  /** the IDAT chunks' data, joined: one zlib stream */
  idat: Buffer;
}

/** The header and the image data, or null when the chunk structure or the header is not a canvas's PNG. */
function readChunks(png: Buffer): Header | null {
  if (png.length < 8 + 25 || !png.subarray(0, 8).equals(PNG_MAGIC)) return null;
  // IHDR comes first and is 13 bytes: width, height, bit depth, colour type, compression, filter, interlace.
  if (png.readUInt32BE(8) !== 13 || png.toString("latin1", 12, 16) !== "IHDR") return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, compression, filter, interlace] = png.subarray(24, 29);
  const bytesPerPixel = BYTES_PER_PIXEL[colourType!];
  if (bitDepth !== 8 || !bytesPerPixel || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return null;
  const idat: Buffer[] = [];
  for (let at = 33; ; ) {
    if (at + 12 > png.length) return null; // no IEND
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) return null;
    if (type === "IEND") break;
    if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at = end;
  }
  return idat.length ? { width, height, bytesPerPixel, idat: Buffer.concat(idat) } : null;
}

/**
 * "drawn" when the PNG decodes to exactly its declared size and some pixel is not fully
 * transparent black; "empty" for a blank canvas (every byte zero, whatever the row filters); else "invalid".
 */
export async function readSignatureImage(png: Buffer): Promise<SignatureImage> {
  const header = readChunks(png);
  if (!header) return "invalid";
  const stride = header.width * header.bytesPerPixel;
  const expected = header.height * (stride + 1);
  let raw: Buffer;
  try {
    raw = await inflate(header.idat, { maxOutputLength: expected });
  } catch {
    return "invalid"; // corrupt, or more data than the header declares
  }
  if (raw.length !== expected) return "invalid";
  // The image is all zeros exactly when its filtered bytes are (each byte adds to a prediction made
  // from earlier bytes), so it need not be unfiltered to tell.
  const zeros = Buffer.alloc(stride);
  let drawn = false;
  for (let row = 0; row < expected; row += stride + 1) {
    if (raw[row]! > MAX_FILTER_TYPE) return "invalid";
    if (!drawn && raw.compare(zeros, 0, stride, row + 1, row + 1 + stride) !== 0) drawn = true;
  }
  return drawn ? "drawn" : "empty";
}

/** A drawn signature's PNG, at most (the person's; the physician's countersignature allows less, decisions §19). */
const MAX_SIGNATURE_BYTES = 512 * 1024;
const NOT_A_PNG = "imza bir PNG görüntüsü olmalı";

export const drawnSignature = drawnSignatureOf(MAX_SIGNATURE_BYTES);

/** A PNG data URL of at most maxBytes, as signature_pad exports it (read by assertDrawn). */
export function drawnSignatureOf(maxBytes: number) {
  return z.string({ error: "imza gerekli" }).transform((v, ctx) => {
    const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(v);
    const png = m ? Buffer.from(m[1]!, "base64") : null;
    if (!png || png.length > maxBytes) {
      ctx.addIssue({ code: "custom", message: NOT_A_PNG });
      return z.NEVER;
    }
    return png;
  });
}

/** The page refuses to submit an empty pad; this is the server's own check, and the PDF's guarantee that the image draws. */
export async function assertDrawn(png: Buffer, field: string): Promise<void> {
  const image = await readSignatureImage(png);
  if (image !== "drawn") throw new AppError("validation_failed", undefined, { [field]: [image === "empty" ? "imza boş" : NOT_A_PNG] });
}
