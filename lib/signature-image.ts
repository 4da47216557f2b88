// A drawn signature's PNG, read before it is kept. The document is rendered later, on the worker,
// where a PNG that does not decode is left out of the PDF without an error (a signed document with
// no signature in it), and a header that claims millions of pixels — a few KB of zlib can — makes a
// decoder allocate and inflate them all (a 32 KB file inflated to 32 MiB cost 0.9 s of CPU per
// request). So the header's size is checked before a byte is inflated, and the image is decoded here
// by sharp (libspng, off the event loop) under a pixel cap, once.
//
// Any valid PNG is taken (decisions §19 asks for "a PNG"; a signature tablet exports 8-bit grey, RGB,
// palette, 16-bit, with or without alpha, interlaced or not). What is kept is what the PDF renderer
// draws without surprises: 8-bit RGBA, not interlaced — a canvas's own export unchanged, anything
// else re-encoded.
import sharp from "sharp";
import { z } from "zod";
import { AppError } from "@/lib/errors";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * The signing page's pad is at most 2048 bitmap pixels wide and the panel's 1600 (their
 * maxBitmapWidth), a phone's ~1100 × 600; a tablet's export is smaller still. 3 Mpx decodes in
 * ~0.3 s on this class of machine; the 32 MiB file above was 8 Mpx.
 */
const MAX_SIDE = 4096;
const MAX_PIXELS = 2048 * 1536;
const MIN_SIDE = 16;
const SHARP = { limitInputPixels: MAX_PIXELS, failOn: "error" } as const;
const TIMEOUT = { seconds: 5 };

export type SignatureImage = { kind: "drawn"; png: Buffer; width: number; height: number } | { kind: "empty" } | { kind: "invalid" };

interface Ihdr {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlace: number;
}

/** IHDR comes first and is 13 bytes: width, height, bit depth, colour type, compression, filter, interlace. */
function readIhdr(png: Buffer): Ihdr | null {
  if (png.length < 8 + 25 || !png.subarray(0, 8).equals(PNG_MAGIC)) return null;
  if (png.readUInt32BE(8) !== 13 || png.toString("latin1", 12, 16) !== "IHDR") return null;
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: bitDepth!, colourType: colourType!, interlace: interlace! };
}

/** Ink is a pixel that is not fully transparent and differs from the first one: a blank pad of any colour is empty. */
function hasInk(rgba: Buffer): boolean {
  const first = rgba.readUInt32BE(0);
  let visible = false;
  let varied = false;
  for (let at = 0; at < rgba.length; at += 4) {
    if (rgba[at + 3] !== 0) visible = true;
    if (rgba.readUInt32BE(at) !== first) varied = true;
    if (visible && varied) return true;
  }
  return false;
}

/**
 * "drawn" (with the PNG to keep) when the file is a PNG within a signature's size that decodes and
 * shows ink; "empty" for a blank canvas; else "invalid".
 */
export async function readSignatureImage(png: Buffer): Promise<SignatureImage> {
  const ihdr = readIhdr(png);
  if (!ihdr) return { kind: "invalid" };
  const { width, height } = ihdr;
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return { kind: "invalid" };
  let rgba: Buffer;
  try {
    // Decoding every pixel proves the file is not truncated or corrupt; 16-bit becomes 8-bit sRGB.
    const { data, info } = await sharp(png, SHARP).ensureAlpha().toColourspace("srgb").raw().timeout(TIMEOUT).toBuffer({ resolveWithObject: true });
    if (info.width !== width || info.height !== height || info.channels !== 4 || data.length !== width * height * 4) return { kind: "invalid" };
    rgba = data;
  } catch {
    return { kind: "invalid" };
  }
  if (!hasInk(rgba)) return { kind: "empty" };
  const asIs = ihdr.bitDepth === 8 && ihdr.colourType === 6 && ihdr.interlace === 0;
  const kept = asIs ? png : await sharp(rgba, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 9 }).timeout(TIMEOUT).toBuffer();
  return { kind: "drawn", png: kept, width, height };
}

/** A drawn signature's PNG, at most (the person's; the physician's countersignature allows less, decisions §19). */
const MAX_SIGNATURE_BYTES = 512 * 1024;
const NOT_A_PNG = "imza bir PNG görüntüsü olmalı";

export const drawnSignature = drawnSignatureOf(MAX_SIGNATURE_BYTES);

/** A PNG data URL of at most maxBytes, as signature_pad exports it (read by assertDrawn). */
export function drawnSignatureOf(maxBytes: number) {
  return z.string({ error: "imza gerekli" }).transform((v, ctx): Buffer => {
    const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(v);
    const png = m ? Buffer.from(m[1]!, "base64") : null;
    if (!png || png.length > maxBytes) {
      ctx.addIssue({ code: "custom", message: NOT_A_PNG });
      return z.NEVER;
    }
    return png;
  });
}

/**
 * The page refuses to submit an empty pad; this is the server's own check, and the PDF's guarantee
 * that the image draws. Answers the PNG to keep (8-bit RGBA): callers store that, not what was sent.
 */
export async function assertDrawn(png: Buffer, field: string): Promise<Buffer> {
  const image = await readSignatureImage(png);
  if (image.kind !== "drawn") throw new AppError("validation_failed", undefined, { [field]: [image.kind === "empty" ? "imza boş" : NOT_A_PNG] });
  return image.png;
}
