// The interactive API reference at /docs, rendered by Scalar in Chromium: it must draw every endpoint
// and webhook of /v1/openapi.json from the app's own files (no CDN, no fonts, no telemetry: the
// machine may be offline and integrators' traffic stays private), on a desktop and on a phone.
import path from "node:path";
import { type BrowserContext, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { run } from "../api/client";
import { accessibilityViolations, chromiumPerFile, SHOTS } from "./browser";

const chrome = chromiumPerFile();


interface Watched {
  page: Page;
  foreign: string[];
  errors: string[];
}

/**
 * A page that records every request leaving the app's origin, every uncaught script error and every
 * error the console shows (a resource that answered 404, such as a favicon the page did not name).
 */
async function open(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const origin = new URL(run.url).origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
  });
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (m) => void (m.type() === "error" && errors.push(`console: ${m.text()}`)));
  const res = await page.goto(`${run.url}/docs`);
  expect(res?.status()).toBe(200);
  return { page, foreign, errors };
}

interface OpenApiDocument {
  info: { title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, { summary?: string }>>;
  webhooks: Record<string, unknown>;
}

const openApiDocument = async () => (await (await fetch(`${run.url}/v1/openapi.json`)).json()) as OpenApiDocument;

describe("API reference page", () => {
  it("renders every operation and webhook of the OpenAPI document, from the app alone", async () => {
    const { page, foreign, errors } = await open(await chrome.context({ viewport: { width: 1280, height: 900 } }));
    const doc = await openApiDocument();
    await page.getByText(doc.info.title).first().waitFor({ timeout: 30_000 });
    // Scalar draws a tag's operations once its group is opened in the sidebar.
    for (const tag of doc.tags) await page.locator("aside").getByText(tag.name, { exact: true }).first().click();
    const summaries = Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op.summary ? [op.summary] : [])));
    expect(summaries.length).toBeGreaterThanOrEqual(12);
    for (const text of [...summaries, ...Object.keys(doc.webhooks)]) {
      await expect.poll(() => page.getByText(text, { exact: true }).count(), { message: text }).toBeGreaterThan(0);
    }
    // None of Scalar's hosted extras, which would send the document to Scalar.
    expect(await page.getByText("Ask AI").count()).toBe(0);
    expect(await page.getByText("Generate MCP").count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, "docs-desktop.png") });
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it("is usable on a 360 px phone", async () => {
    const { page, foreign, errors } = await open(await chrome.context("phone"));
    await page.getByText((await openApiDocument()).info.title).first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, "docs-phone.png") });
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });
});

describe("the home page", () => {
  it("says what the service is and opens its three doors: the panel, verification, the API reference", async () => {
    for (const [size, width] of [["phone", 360], [{ viewport: { width: 1280, height: 900 } }, 1280]] as const) {
      const page = await (await chrome.context(size)).newPage();
      expect((await page.goto(`${run.url}/`))?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: /Elektronik hasta onamı/ }).waitFor();
      const doors = page.getByRole("main").getByRole("listitem").getByRole("link");
      expect(await doors.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/panel", "/dogrula", "/docs"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `home-${width}.png`), fullPage: true });
    }
    const page = await (await chrome.context("phone")).newPage();
    await page.goto(`${run.url}/`);
    await page.getByRole("link", { name: "Belge doğrula" }).click();
    await page.getByRole("heading", { name: "Belge doğrulama" }).waitFor();
  });
});
