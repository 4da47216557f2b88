import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngOf, signaturePng } from "@/tests/fixtures/png";
import { readSignatureImage } from "@/lib/signature-image";

const blankRows = (width: number, height: number, bytesPerPixel = 4) => Buffer.alloc((width * bytesPerPixel + 1) * height);
const kind = async (png: Buffer) => (await readSignatureImage(png)).kind;
/** The IHDR's bit depth, colour type and interlace method. */
const header = (png: Buffer) => ({ bitDepth: png[24], colourType: png[25], interlace: png[28] });

/** A dark stroke across a white (or transparent) pad, as a tablet exports it. */
function strokeRows(width: number, height: number, bytesPerPixel: number, background: number, ink: number[]): Buffer {
  const rows = Buffer.alloc((width * bytesPerPixel + 1) * height, background);
  for (let y = 0; y < height; y++) rows[y * (width * bytesPerPixel + 1)] = 0; // filter: none
  for (let x = 5; x < width - 5; x++) {
    const y = Math.floor(height / 2);
    rows.set(ink, y * (width * bytesPerPixel + 1) + 1 + x * bytesPerPixel);
  }
  return rows;
}

describe("a signature's PNG", () => {
  it("is drawn when it decodes to its declared size and some pixel is inked", async () => {
    expect(await kind(signaturePng())).toBe("drawn");
    expect(await kind(signaturePng(1080, 576))).toBe("drawn");
    const grey = blankRows(40, 20, 2);
    grey.set([0, 255], 1 + 2 * 7);
    expect(await kind(pngOf(40, 20, grey, { colourType: 4 }))).toBe("drawn");
  });

  it("takes every PNG colour type a signature tablet exports, kept as 8-bit RGBA", async () => {
    const tablet = [
      pngOf(120, 40, strokeRows(120, 40, 1, 255, [0]), { colourType: 0 }), // 8-bit grey
      pngOf(120, 40, strokeRows(120, 40, 3, 255, [10, 20, 90]), { colourType: 2 }), // RGB
      pngOf(120, 40, strokeRows(120, 40, 6, 255, [0, 0, 0, 0, 0, 0]), { colourType: 2, bitDepth: 16 }), // 16-bit RGB
      await sharp(signaturePng(120, 40)).flatten({ background: "#ffffff" }).png({ palette: true }).toBuffer(), // palette
      await sharp(signaturePng(120, 40)).png({ palette: true }).toBuffer(), // palette with transparency
      await sharp(signaturePng(120, 40)).png({ progressive: true }).toBuffer(), // interlaced RGBA
    ];
    expect(tablet.map((png) => header(png).colourType)).toEqual([0, 2, 2, 3, 3, 6]);
    expect(header(tablet[5]!).interlace).toBe(1);
    for (const png of tablet) {
      const image = await readSignatureImage(png);
      expect(image.kind).toBe("drawn");
      if (image.kind !== "drawn") continue;
      expect(header(image.png)).toEqual({ bitDepth: 8, colourType: 6, interlace: 0 });
      expect([image.width, image.height]).toEqual([120, 40]);
      expect((await sharp(image.png).metadata()).channels).toBe(4);
    }
    // A canvas's own export is kept byte for byte.
    const canvas = signaturePng();
    const same = await readSignatureImage(canvas);
    expect(same.kind === "drawn" && same.png.equals(canvas)).toBe(true);
  });

  it("is empty for a blank canvas, whatever filter each row names, and for a pad of one colour", async () => {
    expect(await kind(pngOf(300, 100, blankRows(300, 100)))).toBe("empty");
    const filtered = blankRows(300, 100);
    for (let y = 0; y < 100; y++) filtered[y * (300 * 4 + 1)] = y % 5;
    expect(await kind(pngOf(300, 100, filtered))).toBe("empty");
    expect(await kind(pngOf(120, 40, strokeRows(120, 40, 3, 255, [255, 255, 255]), { colourType: 2 }))).toBe("empty");
  });

  it("is invalid when it is not a PNG or its chunks are cut", async () => {
    const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await kind(Buffer.concat([magic, randomBytes(1000)]))).toBe("invalid");
    expect(await kind(randomBytes(1000))).toBe("invalid");
    const png = signaturePng();
    expect(await kind(png.subarray(0, png.length - 40))).toBe("invalid"); // IDAT cut short
    const huge = Buffer.from(png);
    huge.writeUInt32BE(0xfffffff0, 33); // the IDAT's length runs past the end
    expect(await kind(huge)).toBe("invalid");
  });

  it("is invalid when its data is not the size its header declares", async () => {
    expect(await kind(pngOf(300, 100, blankRows(300, 99)))).toBe("invalid");
    const badFilter = blankRows(300, 100);
    badFilter[300 * 4 + 1] = 5;
    badFilter[300 * 4 + 1 + 300 * 4 + 1] = 5;
    badFilter[0] = 9;
    expect(await kind(pngOf(300, 100, badFilter))).toBe("invalid");
  });

  it("is invalid outside a signature pad's size, refused from its header before anything is inflated", async () => {
    expect(await kind(pngOf(8, 8, blankRows(8, 8)))).toBe("invalid");
    expect(await kind(pngOf(4097, 20, blankRows(4097, 20)))).toBe("invalid");
    const largest = blankRows(2048, 1536);
    largest[largest.length - 1] = 255;
    expect(await kind(pngOf(2048, 1536, largest))).toBe("drawn");
    // The review's file: ~32 KB that inflates to 32 MiB (4096 × 2048 RGBA), one inked pixel.
    const bomb = blankRows(4096, 2048);
    bomb[bomb.length - 1] = 255;
    const png = pngOf(4096, 2048, bomb);
    expect(png.length).toBeLessThan(40_000);
    const started = performance.now();
    expect(await kind(png)).toBe("invalid");
    expect(performance.now() - started).toBeLessThan(50);
    // What took the renderer to 2.4 GB: a header claiming 11 000 × 11 000 pixels over a few hundred KB of zlib.
    expect(await kind(pngOf(11_000, 11_000, Buffer.alloc(11_000 * 4 + 1)))).toBe("invalid");
  });
});
