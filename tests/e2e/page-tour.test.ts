// Every page a clinic and a patient see, at a phone's, a tablet's and a desk's width (360, 768 and
// 1280 px), left to right and — where the page speaks Arabic — right to left (issue #42: screenshots
// of every page, looked at before resolving). Each is saved under test-data/screenshots/tour/ and
// must fit its width: nothing scrolls sideways.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContextOptions } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPerFile, SHOTS } from "./browser";
import { base, signIn, users } from "./panel-helpers";
import { call, DOCUMENT_WAIT_MS, eventually } from "../api/client";
import { consentBody, createConsent, createTestTemplate } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();
const TOUR = path.join(SHOTS, "tour");
const WIDTHS = [360, 768, 1280] as const;

const sized = (width: number): BrowserContextOptions =>
  width === 360
    ? { viewport: { width, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "tr-TR" }
    : { viewport: { width, height: 900 }, locale: "tr-TR" };

describe("every page at 360, 768 and 1280 px", () => {
  it("fits the screen, in both directions where the page has them, and is kept as a screenshot", async () => {
    fs.mkdirSync(TOUR, { recursive: true });
    const kod = await createTestTemplate();
    const signed = await createConsent(consentBody(kod, { adsoyad: "Ayşe Yılmaz" }));
    const cookie = await verifiedSession(tokenOf(signed), signed.id);
    expect((await signer(tokenOf(signed), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    await eventually(async () => (await call<{ status: string }>("GET", `/v1/consents/${signed.id}`)).body.status === "completed", DOCUMENT_WAIT_MS);
    const open = tokenOf(await createConsent(consentBody(kod, { adsoyad: "Mehmet Kaya" })));

    const publicPages: [string, string][] = [
      ["home", "/"],
      ["verify", "/dogrula"],
      ["verify-ar", "/dogrula?lang=ar"],
      ["verify-consent", `/dogrula/${signed.id}`],
      ["sign-in", "/panel/login"],
      ["signing", `/s/${open}`],
      ["signing-ar", `/s/${open}?lang=ar`],
      ["signing-closed", `/s/${tokenOf(signed)}`],
      ["signing-closed-ar", `/s/${tokenOf(signed)}?lang=ar`],
    ];
    const panelPages: [string, string][] = [
      ["panel-home", "/panel"],
      ["panel-consents", "/panel/consents"],
      ["panel-consent-new", "/panel/consents/new"],
      ["panel-consent", `/panel/consents/${signed.id}`],
      ["panel-templates", "/panel/templates"],
      ["panel-template-new", "/panel/templates/new"],
      ["panel-template", `/panel/templates/${kod}`],
      ["panel-template-reconsent", `/panel/templates/${kod}/reconsent`],
      ["panel-team", "/panel/team"],
      ["panel-settings", "/panel/settings"],
      ["panel-api-keys", "/panel/api-keys"],
      ["panel-webhooks", "/panel/webhooks"],
      ["panel-account", "/panel/account"],
    ];

    const tooWide: string[] = [];
    for (const width of WIDTHS) {
      const page = await (await chrome.context(sized(width))).newPage();
      const visit = async ([name, address]: [string, string]) => {
        const res = await page.goto(`${base}${address}`);
        expect(res?.status(), address).toBeLessThan(400);
        await page.waitForLoadState("networkidle");
        const dir = await page.evaluate(() => document.documentElement.dir);
        if (name.endsWith("-ar")) expect(dir, address).toBe("rtl");
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) tooWide.push(`${name} at ${width}: ${scrollWidth} px`);
        await page.screenshot({ path: path.join(TOUR, `${name}-${width}.png`), fullPage: true });
      };
      for (const p of publicPages) await visit(p);
      await signIn(page, users.owner);
      for (const p of panelPages) await visit(p);
    }
    expect(tooWide).toEqual([]);
  }, 300_000);
});
