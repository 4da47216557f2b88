// Debian's Chromium, driven by playwright-core, at the size of a cheap phone or a desktop: one
// browser per test file, a fresh context per page, closed after each test.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
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

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it stands: the list of violations, each as
 * "rule: the first offending element", empty when the page passes. Injected through the DevTools
 * protocol, so the page's own CSP (which would refuse an injected script tag) is left as it is.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A refresh of the App Router re-renders the page's metadata, and for a moment the document has no
  // <title> (axe then reported document-title, once in CI). A page that truly has none is still
  // reported: after 5 s axe runs whatever the title.
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5000 }).catch(() => undefined);
  // Colours in the middle of a transition are neither the old nor the new ones: a submit button
  // re-enabled a moment ago, still fading from its disabled grey, failed color-contrast once in CI.
  // Finite transitions and animations end first (a spinner's endless one is left alone; 2 s at most).
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  return violations;
}

/**
 * Records the Content-Security-Policy violations of a page from now on (what Chrome lists as "Issues"
 * and Lighthouse counts against best practices): call before navigating; the returned function reads
 * them, each as "directive blocked-uri source:line".
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
