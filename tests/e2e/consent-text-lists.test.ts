// Issue #51 (minor findings): the consent text's list markers at 360 px. "11." showed as "L1." and
// Arabic bullets vanished — the lists' padding was physical (left) and too narrow for two digits. Each
// marker of a 12-item ordered list and of a bulleted list must lie inside the text's box, in Turkish
// (markers at the left) and in Arabic (markers at the right). A marker is no element, so its width is
// measured with the same font and compared with the space at the item's start.
import { type Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumPerFile } from "./browser";
import { call } from "../api/client";
import { consentBody, uniq, type Consent } from "../api/consent-helpers";
import { noHorizontalScroll, shot, verifyIn } from "./signing-helpers";
import { messages, type Lang } from "@/components/signing/messages";

const chrome = chromiumPerFile();

const items = (word: string) => Array.from({ length: 12 }, (_, i) => `<li>${word} ${i + 1}</li>`).join("");
const TR = `<p>Sayın {adsoyad}, riskler:</p><ol>${items("Risk")}</ol><ul><li>Madde bir</li><li>Madde iki</li></ul>`;
const AR = `<p>السيد {adsoyad}، المخاطر:</p><ol>${items("خطر")}</ol><ul><li>البند الأول</li><li>البند الثاني</li></ul>`;
let kod: string;

beforeAll(async () => {
  kod = uniq("liste-e2e");
  const res = await call("POST", "/v1/templates", {
    body: { kod, baslik: "Liste Onamı", govde: TR, yayimla: true, ceviriler: { ar: { baslik: "موافقة", govde: AR } } },
  });
  expect(res.status, res.text).toBe(201);
});

interface Clipped {
  list: string;
  item: number;
  marker: string;
  room: number;
  need: number;
}

/** Every list item whose marker would not fit between the item's start and the text box's edge. */
async function clippedMarkers(page: Page): Promise<{ clipped: Clipped[]; checked: number }> {
  return page.evaluate(() => {
    const text = document.querySelector<HTMLElement>('[data-testid="consent-text"]')!;
    // The box that scrolls (and clips) the text: its padding box is what shows.
    const box = text.closest<HTMLElement>("#consent-text-box") ?? text;
    const edge = box.getBoundingClientRect();
    const clipped: Clipped[] = [];
    let checked = 0;
    for (const list of text.querySelectorAll<HTMLElement>("ol, ul")) {
      const rtl = getComputedStyle(list).direction === "rtl";
      list.querySelectorAll<HTMLElement>(":scope > li").forEach((li, i) => {
        const style = getComputedStyle(li);
        const marker = list.tagName === "OL" ? `${i + 1}. ` : "• ";
        const probe = document.createElement("span");
        probe.textContent = marker;
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
        document.body.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        const r = li.getBoundingClientRect();
        const room = rtl ? edge.right - r.right : r.left - edge.left;
        checked += 1;
        if (room < need) clipped.push({ list: list.tagName, item: i + 1, marker, room, need });
      });
    }
    return { clipped, checked };
  });
}

async function open(lang: Lang, dil: string): Promise<Page> {
  const res = await call<Consent>("POST", "/v1/consents", { body: consentBody(kod, { degiskenler: {}, dil }) });
  expect(res.status, res.text).toBe(201);
  const page = await (await chrome.context("phone")).newPage();
  await page.goto(res.body.link.url);
  await page.getByRole("heading", { name: messages[lang].pageTitle }).first().waitFor();
  await verifyIn(page, res.body, lang);
  await page.locator('[data-testid="consent-text"] ol > li').nth(11).waitFor();
  return page;
}

describe("the consent text's lists at 360 px", () => {
  for (const [lang, dil] of [["tr", "tr"], ["ar", "ar"]] as const) {
    it(`shows every marker of a 12-item ordered list and of a bulleted list whole (${lang})`, async () => {
      const page = await open(lang, dil);
      expect(page.viewportSize()?.width).toBe(360);
      const { clipped, checked } = await clippedMarkers(page);
      expect(checked).toBe(14);
      expect(clipped).toEqual([]);
      // The list's style is what puts the markers there: outside, in the padding at the line's start.
      const ol = page.locator('[data-testid="consent-text"] ol').first();
      expect(await ol.evaluate((el) => getComputedStyle(el).listStylePosition)).toBe("outside");
      await noHorizontalScroll(page);
      await page.locator('[data-testid="consent-text"] ol > li').nth(9).scrollIntoViewIfNeeded();
      await shot(page, `consent-text-lists-${lang}-360`);
    });
  }
});
