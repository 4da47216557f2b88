// decisions §23, issue #42: the signing page shows the institution's logo, name, address, phone and
// privacy notice — at 360 and 1280 px, in Turkish and Arabic — and a closed link still says whom to
// call. The logo's address answers the logo alone, with a policy that runs nothing. One tenant's
// branding never appears on another's page. Uses the `other` tenant, left as it was found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { call, eventually, keys, run } from "../api/client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "../api/consent-helpers";
import { noHorizontalScroll, otpLines, phoneOf, shot } from "./signing-helpers";
import { BRANDING, clearBranding, otherOwner, PHONE_DISPLAY, setDetails, uploadLogo } from "./branding-helpers";
import { LOGO_SVG } from "@/tests/fixtures/logos";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);
const other = { key: keys.other };

let kod: string;
let logoUrl: string;

beforeAll(async () => {
  kod = await createTestTemplate(other);
  const owner = await otherOwner(chrome);
  logoUrl = (await uploadLogo(owner, LOGO_SVG, "image/svg+xml")).url;
  await setDetails(owner, BRANDING);
});

afterAll(async () => {
  await clearBranding(await otherOwner(chrome));
});

async function logoLoaded(page: Page): Promise<boolean> {
  return page.getByTestId("clinic-logo").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

async function expectFooter(page: Page, phoneLabel: string): Promise<void> {
  const footer = page.getByTestId("clinic-footer");
  await footer.waitFor();
  expect(await footer.getByText("Başka Veteriner Kliniği").count()).toBe(1);
  expect(await page.getByTestId("clinic-address").innerText()).toBe(BRANDING.address);
  expect(await footer.innerText()).toContain(`${phoneLabel}: ${PHONE_DISPLAY}`);
  const tel = page.getByTestId("clinic-phone");
  expect(await tel.getAttribute("href")).toBe("tel:+902165551234");
  expect(await tel.getAttribute("dir")).toBe("ltr");
  const privacy = page.getByTestId("clinic-privacy");
  expect(await privacy.getAttribute("href")).toBe(BRANDING.privacyUrl);
  expect(await privacy.getAttribute("target")).toBe("_blank");
  expect(await privacy.getAttribute("rel")).toBe("noopener noreferrer");
}

describe("the institution on the signing page", () => {
  it("shows the logo, name, address, phone and privacy notice on a phone and a desktop, and the OTP goes out under the tenant's sender name", async () => {
    const c = await createConsent(consentBody(kod), other);
    const page = await phone();
    await page.goto(c.link.url);
    await page.getByRole("button", { name: "SMS ile kod gönder" }).waitFor();
    expect(await page.getByTestId("clinic-logo").getAttribute("src")).toBe(logoUrl);
    await expect.poll(() => logoLoaded(page)).toBe(true);
    await expectFooter(page, "Telefon");
    expect(await page.getByTestId("clinic-contact").count()).toBe(0);
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "branding-signing-360");

    await page.getByRole("button", { name: "SMS ile kod gönder" }).click();
    const line = await eventually(async () => otpLines(c.id).at(-1) as ({ header?: string } & ReturnType<typeof otpLines>[number]) | undefined);
    expect(line.header).toBe(BRANDING.smsSender);

    const desktop = await (await chrome.context("desktop")).newPage();
    await desktop.goto(c.link.url);
    await expect.poll(() => logoLoaded(desktop)).toBe(true);
    await expectFooter(desktop, "Telefon");
    await shot(desktop, "branding-signing-1280");
  });

  it("reads right to left in Arabic, the phone number left to right", async () => {
    const c = await createConsent(consentBody(kod), other);
    const page = await phone();
    await page.goto(`${c.link.url}?lang=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await expectFooter(page, "الهاتف");
    expect(await page.getByTestId("clinic-privacy").innerText()).toContain("إشعار الخصوصية (KVKK)");
    // The number's own box runs left to right: its "+" stands at its left edge.
    const box = await page.getByTestId("clinic-phone").evaluate((a) => ({ dir: getComputedStyle(a).direction, bidi: getComputedStyle(a).unicodeBidi }));
    expect(box).toEqual({ dir: "ltr", bidi: "isolate" });
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "branding-signing-ar-360");
  });

  it("on a closed link, shows whom to call, in the page's language", async () => {
    const c: Consent = await createConsent(consentBody(kod), other);
    const cancelled = await call("POST", `/v1/consents/${c.id}/cancel`, { ...other, body: { reason: "Randevu ertelendi" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const page = await phone();
    await page.goto(c.link.url);
    await page.getByRole("heading", { name: "Bu onam iptal edildi" }).waitFor();
    const contact = page.getByTestId("clinic-contact");
    await contact.getByRole("heading", { name: "Kurumla iletişim" }).waitFor();
    expect(await contact.getByText("Başka Veteriner Kliniği").count()).toBe(1);
    const callLink = page.getByTestId("clinic-call");
    expect(await callLink.getAttribute("href")).toBe("tel:+902165551234");
    expect(await callLink.textContent()).toBe(`Ara: \u2066${PHONE_DISPLAY}\u2069`);
    // Nothing personal on a closed link (decisions §15): the institution's details only.
    expect(await page.getByText("Ayşe Yılmaz").count()).toBe(0);
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "branding-closed-360");
    await page.goto(`${c.link.url}?lang=ar`);
    await page.getByTestId("clinic-call").getByText(`اتصل على \u2066${PHONE_DISPLAY}\u2069`).waitFor();
    await shot(page, "branding-closed-ar-360");
  });

  it("serves the logo alone, cached for good, as SVG that runs nothing; nothing at any other address", async () => {
    const res = await fetch(`${run.url}${logoUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const path of [logoUrl.replace(".svg", ".png"), `/brand/${"0".repeat(32)}.svg`, "/brand/logo.svg", `/brand/${logoUrl.slice(7, 23)}.svg`]) {
      expect((await fetch(`${run.url}${path}`)).status, path).toBe(404);
    }
  });

  it("shows one tenant's branding on its own pages only", async () => {
    const acmeKod = await createTestTemplate();
    const c = await createConsent(consentBody(acmeKod));
    const page = await phone();
    await page.goto(c.link.url);
    await page.getByRole("button", { name: "SMS ile kod gönder" }).waitFor();
    for (const id of ["clinic-logo", "clinic-footer", "clinic-contact"]) expect(await page.getByTestId(id).count(), id).toBe(0);
    const html = await (await fetch(c.link.url)).text();
    expect(html).not.toContain("/brand/");
    expect(html).not.toContain("Bağdat Cad.");
  });
});
