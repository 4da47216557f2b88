// Debian's Chromium, driven by playwright-core, at the size of a cheap phone or a desktop: one
// browser per test file, a fresh context per page, closed after each test.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ROOT } from "../api/server";

export const SHOTS = path.join(ROOT, "test-data", "screenshots");

// Offline and as root: no sandbox, and none of Chromium's background connections.
const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: LAUNCH_ARGS });
}

const SIZES = {
  /** a 360×640 touch screen in Turkish, the phone the signing and verification pages are built for */
  phone: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "tr-TR" },
  desktop: { viewport: { width: 1280, height: 900 }, locale: "tr-TR" },
} satisfies Record<string, BrowserContextOptions>;

export interface FileBrowser {
  /** A new context (a phone, a desktop, or these options), closed after the current test. */
  context(kind: keyof typeof SIZES | BrowserContextOptions): Promise<BrowserContext>;
}

/** Call at the top of a test file: Chromium is launched before its tests and closed after them. */
export function chromiumPerFile(): FileBrowser {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async context(kind) {
      if (!browser) throw new Error("chromiumPerFile: the browser is opened in beforeAll");
      const context = await browser.newContext(typeof kind === "string" ? SIZES[kind] : kind);
      open.push(context);
      return context;
    },
  };
}
