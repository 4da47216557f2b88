// checkLogo: what the owner may upload as a logo, told by its bytes, and the two forms it is kept in.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkLogo } from "./check-logo";
import { MAX_LOGO_BYTES } from "./logo-limits";
import { HOSTILE_SVG, HTML_PAGE, largePng, LOGO_SVG, logoPng } from "@/tests/fixtures/logos";

async function refusal(bytes: Buffer, type: string | null): Promise<string> {
  const err = await checkLogo(bytes, type).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe("validation_failed");
  expect(Object.keys((err as AppError).errors ?? {})).toEqual(["logo"]);
  return (err as AppError).errors!.logo![0]!;
}

describe("checkLogo", () => {
  it("takes a PNG: re-encoded for pages, and an opaque 8-bit sRGB raster for the PDF", async () => {
    const png = await logoPng();
    const logo = await checkLogo(png, "image/png");
    expect(logo.type).toBe("image/png");
    expect((await sharp(logo.served).metadata()).hasAlpha).toBe(true);
    const raster = await sharp(logo.raster).metadata();
    expect(raster).toMatchObject({ format: "png", width: 240, height: 80, channels: 3, hasAlpha: false, depth: "uchar", space: "srgb" });
    expect([logo.width, logo.height]).toEqual([240, 80]);
    // Flattened on white: a transparent corner is white, the bar keeps its colour.
    const { data } = await sharp(logo.raster).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("takes an SVG: sanitized for pages, rasterized to fill the PDF's box", async () => {
    const logo = await checkLogo(Buffer.from(LOGO_SVG), "image/svg+xml; charset=utf-8");
    expect(logo.type).toBe("image/svg+xml");
    expect(logo.served.toString()).toContain("<path");
    expect([logo.width, logo.height]).toEqual([720, 216]);
    expect(await sharp(logo.raster).metadata()).toMatchObject({ channels: 3, hasAlpha: false });
  });

  it("sanitizes a hostile SVG rather than refusing it, and says what it took out", async () => {
    const logo = await checkLogo(Buffer.from(HOSTILE_SVG), "image/svg+xml");
    expect(logo.served.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#a4161a"/></svg>');
    expect(logo.removed).toEqual(["image", "on*", "script"]);
  });

  it("refuses a file over 200 KB, naming the field", async () => {
    const big = await largePng();
    expect(big.length).toBeGreaterThan(MAX_LOGO_BYTES);
    expect(await refusal(big, "image/png")).toMatch(/en çok 200 KB/);
  });

  it("refuses a file whose bytes are not what it was sent as", async () => {
    const png = await logoPng();
    // A PNG named .svg, an HTML page named .png or .svg
    expect(await refusal(png, "image/svg+xml")).toBe("Dosya bir PNG görüntüsü, SVG olarak gönderildi.");
    expect(await refusal(Buffer.from(HTML_PAGE), "image/png")).toBe("Dosya bir PNG görüntüsü değil.");
    expect(await refusal(Buffer.from(HTML_PAGE), "image/svg+xml")).toMatch(/SVG görüntüsü değil/);
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/svg+xml")).toBe("Dosya bir SVG görüntüsü değil.");
  });

  it("refuses other types, an empty file, a truncated PNG and absurd dimensions", async () => {
    const png = await logoPng();
    for (const type of ["image/jpeg", "text/html", "application/octet-stream", null]) expect(await refusal(png, type)).toMatch(/PNG .* ya da SVG/);
    expect(await refusal(Buffer.alloc(0), "image/png")).toBe("Logo dosyası boş.");
    expect(await refusal(png.subarray(0, png.length - 40), "image/png")).toMatch(/çözülemedi/);
    // A header claiming 100 000 × 100 000 pixels is refused before anything is inflated.
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(await refusal(huge, "image/png")).toMatch(/en çok 4096 × 4096/);
    expect(await refusal(await logoPng(8, 8), "image/png")).toMatch(/en az 16 × 16/);
  });

  it("draws an SVG of any declared size into the same box", async () => {
    const huge = '<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="30000" viewBox="0 0 3 1"><rect width="3" height="1" fill="#0b4f71"/></svg>';
    const logo = await checkLogo(Buffer.from(huge), "image/svg+xml");
    // (±1 px of rounding at a density of a few dpi)
    expect(logo.height).toBe(240);
    expect(Math.abs(logo.width - 720)).toBeLessThanOrEqual(1);
    const tiny = await checkLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="1"><rect width="3" height="1"/></svg>'), "image/svg+xml");
    expect([tiny.width, tiny.height]).toEqual([720, 240]);
  });
});
