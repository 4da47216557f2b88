// The patient signing page driven through Chromium on a phone-sized screen, as different readers
// open it: a fresh browser without console errors, English, a veterinary consent, an unknown link,
// and the page for a link opened while the database cannot be reached.
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually, run } from "../api/client";
import { consentBody, createConsent, createTestTemplate } from "../api/consent-helpers";
import { noHorizontalScroll, otpLines, phoneOf, shot, verify } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

describe("signing page: languages, animals and unknown links", () => {
  it("loads in a fresh browser context without a console error (the site icon exists)", async () => {
    const c = await createConsent(consentBody(kod));
    const page = await phone();
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(`${m.text()} ${m.location().url}`)));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(c.link.url);
    await page.getByRole("button", { name: "SMS ile kod gönder" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  it("speaks English with ?lang=en and says who signs for whom", async () => {
    const c = await createConsent(
      consentBody(kod, { sms_gonder: true, onaylayan_tip: "veli", onaylayan_ad: "Fatma Yılmaz", yakinlik: "anne", islem: "Diş çekimi" }),
    );
    const page = await phone();
    await page.goto(`${c.link.url}?lang=en`);
    await page.getByRole("heading", { name: "1. Verify your phone" }).waitFor();
    await page.getByRole("heading", { name: "A consent form is waiting for you" }).waitFor();
    expect(await page.getByText("Fatma Yılmaz").count()).toBe(0);
    await page.getByRole("button", { name: "Send code by SMS" }).click();
    const code = await eventually(async () => {
      const line = otpLines(c.id).at(-1);
      return line ? /\b(\d{6})\b/.exec(line.body)?.[1] : null;
    });
    await page.getByLabel("6-digit code from the SMS").fill(code);
    await page.getByRole("button", { name: "Verify code" }).click();
    await page.getByText("Your phone is verified.").waitFor();
    await page.getByRole("heading", { name: "Consent text" }).waitFor();
    await page.getByText("Fatma Yılmaz (anne), as parent, approves this form on behalf of Ayşe Yılmaz.").waitFor();
    await page.getByText("Procedure", { exact: true }).waitFor();
    expect(await page.locator("[lang=en]").count()).toBeGreaterThan(0);
    // The page as a whole is English, as served (not only after hydration).
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await (await fetch(`${c.link.url}?lang=en`)).text()).toMatch(/^<!DOCTYPE html><html lang="en"/);
    await noHorizontalScroll(page);
    await shot(page, "11-english");

    // The visible switch goes back to Turkish.
    await page.getByRole("link", { name: /Türkçe/ }).click();
    await page.waitForURL(c.link.url);
    await page.getByText("Bu formu Ayşe Yılmaz adına velisi Fatma Yılmaz (anne) onaylıyor.").waitFor();
    await page.getByText("Telefonunuz doğrulandı.").waitFor();
    await page.getByRole("link", { name: /English/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
  });

  it("names the animal and its owner on a veterinary consent", async () => {
    const c = await createConsent(
      consentBody(kod, { adsoyad: "Ali Veli", sms_gonder: true, onaylayan_tip: "sahip", hayvan_ad: "Karabaş", hayvan_tur: "köpek" }),
    );
    const page = await phone();
    await page.goto(c.link.url);
    expect(await page.getByText("Karabaş").count()).toBe(0);
    await verify(page, c);
    await page.getByText("Bu form Karabaş (köpek) için hayvan sahibi Ali Veli tarafından onaylanıyor.").waitFor();
    await noHorizontalScroll(page);
    await shot(page, "12-veterinary");
  });

  it("answers an unknown link with a friendly page in both languages, readable before any script runs", async () => {
    const page = await phone();
    const url = `${run.url}/s/${"x".repeat(32)}`;
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Bağlantı bulunamadı" }).waitFor();
    await page.getByRole("heading", { name: "Link not found" }).waitFor();
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "13-not-found");
    // A phone that has not run the page's scripts (slow network, scripts off) reads the same.
    const bare = await (await chrome.context({ viewport: { width: 360, height: 640 }, isMobile: true, locale: "tr-TR", javaScriptEnabled: false })).newPage();
    expect((await bare.goto(url))?.status()).toBe(404);
    expect(await bare.getByRole("heading", { name: "Bağlantı bulunamadı" }).isVisible()).toBe(true);
    expect(await bare.getByRole("heading", { name: "Link not found" }).isVisible()).toBe(true);
    // The short link typed from the SMS, mistyped: the same page.
    expect((await bare.goto(`${run.url}/k/Zz9Zz9Zz`))?.status()).toBe(404);
    expect(await bare.getByRole("heading", { name: "Bağlantı bulunamadı" }).isVisible()).toBe(true);
  });

  it("has a page for a link opened while the database cannot be reached, readable at 360 px before any script runs", async () => {
    // proxy.ts sends a link there when it cannot look it up (tests/reliability/database-outage.test.ts
    // cuts the database); here it is opened directly, by a reader whose browser asks for Arabic.
    const url = `${run.url}/s/-/kullanilamiyor`;
    const phoneAr = { viewport: { width: 360, height: 640 }, isMobile: true, locale: "ar" };
    const bare = await (await chrome.context({ ...phoneAr, javaScriptEnabled: false })).newPage();
    const res = await bare.goto(url);
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("5");
    for (const heading of ["Hizmet şu anda kullanılamıyor", "الخدمة غير متاحة مؤقتًا", "Service temporarily unavailable"]) {
      expect(await bare.getByRole("heading", { name: heading }).isVisible(), heading).toBe(true);
    }
    expect(await bare.locator("section[lang=ar]").getAttribute("dir")).toBe("rtl");
    const page = await (await chrome.context(phoneAr)).newPage();
    await page.goto(url);
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "16-unavailable");
  });
});
