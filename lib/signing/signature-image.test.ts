import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pngOf, signaturePng } from "@/lib/documents/test-support";
import { readSignatureImage } from "@/lib/signing/signature-image";

const blankRows = (width: number, height: number, bytesPerPixel = 4) => Buffer.alloc((width * bytesPerPixel + 1) * height);

describe("a signature's PNG", () => {
  it("is drawn when it decodes to its declared size and some pixel is inked", async () => {
    expect(await readSignatureImage(signaturePng())).toBe("drawn");
    expect(await readSignatureImage(signaturePng(1080, 576))).toBe("drawn");
    const grey = blankRows(40, 20, 2);
    grey.set([0, 255], 1 + 2 * 7);
    expect(await readSignatureImage(pngOf(40, 20, grey, { colourType: 4 }))).toBe("drawn");
  });

  it("is empty for a blank canvas, whatever filter each row names", async () => {
    expect(await readSignatureImage(pngOf(300, 100, blankRows(300, 100)))).toBe("empty");
    const filtered = blankRows(300, 100);
    for (let y = 0; y < 100; y++) filtered[y * (300 * 4 + 1)] = y % 5;
    expect(await readSignatureImage(pngOf(300, 100, filtered))).toBe("empty");
  });

  it("is invalid when it is not a PNG or its chunks are cut", async () => {
    const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await readSignatureImage(Buffer.concat([magic, randomBytes(1000)]))).toBe("invalid");
    expect(await readSignatureImage(randomBytes(1000))).toBe("invalid");
    const png = signaturePng();
    expect(await readSignatureImage(png.subarray(0, png.length - 12))).toBe("invalid"); // no IEND
    expect(await readSignatureImage(png.subarray(0, png.length - 40))).toBe("invalid"); // IDAT cut short
    const huge = Buffer.from(png);
    huge.writeUInt32BE(0xfffffff0, 33); // the IDAT's length runs past the end
    expect(await readSignatureImage(huge)).toBe("invalid");
  });

  it("is invalid when its data is not the size its header declares", async () => {
    expect(await readSignatureImage(pngOf(300, 100, blankRows(300, 99)))).toBe("invalid");
    expect(await readSignatureImage(pngOf(300, 100, blankRows(300, 101)))).toBe("invalid");
    const badFilter = blankRows(300, 100);
    badFilter[300 * 4 + 1] = 5;
    expect(await readSignatureImage(pngOf(300, 100, badFilter))).toBe("invalid");
  });

  it("is invalid unless 8-bit, with alpha, not interlaced, and within a signature pad's size", async () => {
    const rows = blankRows(300, 100);
    expect(await readSignatureImage(pngOf(300, 100, blankRows(600, 100), { bitDepth: 16 }))).toBe("invalid");
    expect(await readSignatureImage(pngOf(300, 100, blankRows(300, 100, 3), { colourType: 2 }))).toBe("invalid");
    expect(await readSignatureImage(pngOf(300, 100, rows, { interlace: 1 }))).toBe("invalid");
    expect(await readSignatureImage(pngOf(8, 8, blankRows(8, 8)))).toBe("invalid");
    expect(await readSignatureImage(pngOf(4097, 20, blankRows(4097, 20)))).toBe("invalid");
    expect(await readSignatureImage(pngOf(4096, 2049, blankRows(4096, 2049)))).toBe("invalid");
    const largest = blankRows(4096, 2048);
    largest[largest.length - 1] = 255;
    expect(await readSignatureImage(pngOf(4096, 2048, largest))).toBe("drawn");
    // What took the renderer to 2.4 GB: a header claiming 11 000 × 11 000 pixels over a few hundred KB of zlib.
    expect(await readSignatureImage(pngOf(11_000, 11_000, Buffer.alloc(11_000 * 4 + 1)))).toBe("invalid");
  });
});
