// An uploaded logo, checked and prepared before anything is stored (decisions §23): PNG or SVG of at
// most 200 KB, told by its bytes, which must be what the upload declared. A PNG must decode, within
// sane dimensions (read from its header first, so that a few KB claiming a gigapixel image are refused
// before a byte is inflated); an SVG is sanitized (lib/branding/sanitize-svg.ts) and must draw.
//
// Two forms are kept. Pages get the PNG re-encoded (its text and EXIF chunks gone) or the sanitized
// SVG. The PDF gets an opaque raster: the logo flattened on white, 8-bit sRGB, at most 720 × 240 px
// (≈ 300 dpi at the size the letterhead prints it): no soft mask or transparency group in a PDF/A-3
// file, and no SVG parser in the document worker — an SVG is rasterized here once, by librsvg (sharp),
// rather than redrawn with @react-pdf's Svg, which knows no CSS and only part of SVG.
import sharp, { type Sharp } from "sharp";
import { AppError } from "@/lib/errors";
import { sanitizeSvg } from "@/lib/branding/sanitize-svg";
import { LOGO_TYPES, MAX_LOGO_BYTES, type LogoType } from "@/lib/branding/logo-limits";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MIN_SIDE = 16;
const MAX_SIDE = 4096;
/** The PDF's raster, at most. */
const RASTER_BOX = { width: 720, height: 240 } as const;
const SHARP = { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: "error" } as const;
const TIMEOUT = { seconds: 10 };

interface CheckedLogo {
  type: LogoType;
  /** what pages are served */
  served: Buffer;
  /** the PDF's opaque PNG, and its size in pixels */
  raster: Buffer;
  width: number;
  height: number;
  /** SVG only: elements and attributes the sanitizer took out */
  removed: string[];
}

const refuse = (message: string) => new AppError("validation_failed", undefined, { logo: [message] });

function isLogoType(value: string | null): value is LogoType {
  return (LOGO_TYPES as readonly string[]).includes(value ?? "");
}

/** `image/svg+xml; charset=utf-8` → `image/svg+xml`. */
export function mediaTypeOf(contentType: string | null): string | null {
  return contentType?.split(";")[0]?.trim().toLowerCase() || null;
}

function sniff(bytes: Buffer): "png" | "text" | "other" {
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "text";
  } catch {
    return "other";
  }
}

/** The PNG's declared size from its IHDR chunk, before anything is decoded. */
function pngHeaderSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 33 || png.readUInt32BE(8) !== 13 || png.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function checkSides(width: number, height: number): void {
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE) {
    throw refuse(`Logo en az ${MIN_SIDE} × ${MIN_SIDE}, en çok ${MAX_SIDE} × ${MAX_SIDE} piksel olmalı (bu dosya ${width} × ${height}).`);
  }
}

async function raster(input: Sharp): Promise<{ raster: Buffer; width: number; height: number }> {
  const { data, info } = await input
    .resize({ ...RASTER_BOX, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .png({ compressionLevel: 9 })
    .timeout(TIMEOUT)
    .toBuffer({ resolveWithObject: true });
  return { raster: data, width: info.width, height: info.height };
}

async function checkPng(bytes: Buffer): Promise<CheckedLogo> {
  const declared = pngHeaderSize(bytes);
  if (!declared) throw refuse("Dosya geçerli bir PNG görüntüsü değil.");
  checkSides(declared.width, declared.height);
  try {
    // Decoding the whole image proves it is not truncated or corrupt.
    const served = await sharp(bytes, SHARP).png({ compressionLevel: 9 }).timeout(TIMEOUT).toBuffer();
    return { type: "image/png", served, ...(await raster(sharp(bytes, SHARP))), removed: [] };
  } catch {
    throw refuse("PNG görüntüsü çözülemedi: dosya bozuk ya da eksik.");
  }
}

async function checkSvg(bytes: Buffer): Promise<CheckedLogo> {
  const clean = sanitizeSvg(bytes.toString("utf8"));
  if (!clean) throw refuse("Dosya bir SVG görüntüsü değil (ilk öğesi <svg> olmalı).");
  const served = Buffer.from(clean.svg, "utf8");
  if (served.length > MAX_LOGO_BYTES) throw refuse("Temizlenen SVG 200 KB'ı aşıyor.");
  let size: { width: number; height: number };
  try {
    // Its declared size may be anything: it is drawn at the density that fits the box, below.
    const meta = await sharp(served, { ...SHARP, limitInputPixels: false }).metadata();
    size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw refuse("SVG çizilemedi: dosya bozuk ya da desteklenmeyen bir biçimde.");
  }
  if (size.width < 1 || size.height < 1) throw refuse("SVG'nin boyutu yok: width/height ya da viewBox gerekli.");
  // Drawn at the density that makes it fill the raster box (librsvg's 72 dpi is 1 unit = 1 px).
  const scale = Math.min(RASTER_BOX.width / size.width, RASTER_BOX.height / size.height);
  const density = Math.min(Math.max(72 * scale, 1), 50_000);
  try {
    return { type: "image/svg+xml", served, ...(await raster(sharp(served, { ...SHARP, density }))), removed: clean.removed };
  } catch {
    throw refuse("SVG çizilemedi: dosya bozuk ya da desteklenmeyen bir biçimde.");
  }
}

/** The logo checked and prepared, or 422 `validation_failed` naming `logo`. */
export async function checkLogo(bytes: Buffer, contentType: string | null): Promise<CheckedLogo> {
  const declared = mediaTypeOf(contentType);
  if (!isLogoType(declared)) throw refuse("Logo PNG (image/png) ya da SVG (image/svg+xml) olmalı.");
  if (bytes.length === 0) throw refuse("Logo dosyası boş.");
  if (bytes.length > MAX_LOGO_BYTES) throw refuse(`Logo en çok 200 KB olabilir (bu dosya ${Math.ceil(bytes.length / 1024)} KB).`);
  const kind = sniff(bytes);
  if (declared === "image/png") {
    if (kind !== "png") throw refuse("Dosya bir PNG görüntüsü değil.");
    return checkPng(bytes);
  }
  if (kind === "png") throw refuse("Dosya bir PNG görüntüsü, SVG olarak gönderildi.");
  if (kind !== "text") throw refuse("Dosya bir SVG görüntüsü değil.");
  return checkSvg(bytes);
}
