// Debian's Chromium, driven by playwright-core, at the size of a cheap phone.
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: LAUNCH_ARGS });
}

/** A 360×640 touch context in Turkish, the phone the signing and verification pages are built for. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "tr-TR" });
}
