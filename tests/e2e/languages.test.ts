// decisions §17 in the browser: an Arabic consent signed at 360 px (the text right to left, nothing
// overflowing), and an English one explained by an interpreter, who signs on a second pad.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, SHOTS } from "./browser";
import { call, DOCUMENT_WAIT_MS, eventually, run } from "../api/client";
import { consentBody, eventsOf, sha256, uniq, type Consent } from "../api/consent-helpers";
import { base, htmlBox, newPage, publish, signIn, users } from "./panel-helpers";
import { drawOn, verifyIn } from "./signing-helpers";
import { messages, type Lang } from "@/components/signing/messages";

const chrome = chromiumPerFile();
type Signed = Consent & { document: { pdf_url: string } | null };

const AR = "<p>السيد {adsoyad}، أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر والبدائل بالتفصيل.</p>";
const EN = "<p>Dear {adsoyad}, I consent to the tooth extraction after the risks were explained to me.</p>";
let kod: string;

beforeAll(async () => {
  kod = uniq("dil-e2e");
  const res = await call("POST", "/v1/templates", {
    body: { kod, baslik: "Diş Çekimi Onamı", govde: "<p>Sayın {adsoyad}, onay veriyorum.</p>", yayimla: true, ceviriler: { ar: { baslik: "موافقة على خلع السن", govde: AR }, en: { baslik: "Tooth Extraction Consent", govde: EN } } },
  });
  expect(res.status, res.text).toBe(201);
});

async function create(body: Record<string, unknown>): Promise<Consent> {
  const res = await call<Consent>("POST", "/v1/consents", { body: consentBody(kod, { degiskenler: {}, ...body }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function approveAndWait(page: Page, c: Consent, lang: Lang): Promise<Signed> {
  await page.getByRole("checkbox").first().check();
  await page.getByRole("checkbox").nth(1).check();
  await page.getByRole("button", { name: messages[lang].approve }).click();
  await page.getByRole("heading", { name: messages[lang].doneSignedTitle }).waitFor();
  return eventually(async () => {
    const r = await call<Signed>("GET", `/v1/consents/${c.id}`);
    return r.body.document ? r.body : null;
  }, DOCUMENT_WAIT_MS);
}

async function pdfText(c: Signed, name: string): Promise<string> {
  const file = path.join(run.dataDir, name);
  fs.writeFileSync(file, Buffer.from(await (await fetch(c.document!.pdf_url)).arrayBuffer()));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("consents in the patient's language", () => {
  it("signs an Arabic consent at 360 px, worded in Arabic: the page is right to left and nothing overflows", async () => {
    const c = await create({ adsoyad: "أحمد علي", dil: "ar" });
    const page = await (await chrome.context("phone")).newPage();
    await page.goto(c.link.url);
    await page.getByRole("heading", { name: messages.ar.pageTitle }).waitFor();
    expect(await page.locator('div[lang="ar"][dir="rtl"]').count()).toBeGreaterThan(0);
    // The whole page speaks the consent's language, though the link carries no ?lang=.
    const html = page.locator("html");
    expect([await html.getAttribute("lang"), await html.getAttribute("dir")]).toEqual(["ar", "rtl"]);
    // The header offers Turkish (the person may switch the wording, never the text); so does the page as a whole.
    await page.getByRole("link", { name: "Türkçe'ye geç" }).waitFor();
    const turkish = await (await chrome.context("phone")).newPage();
    await turkish.goto(`${c.link.url}?lang=tr`);
    expect([await turkish.locator("html").getAttribute("lang"), await turkish.locator("html").getAttribute("dir")]).toEqual(["tr", "ltr"]);
    await turkish.close();
    await verifyIn(page, c, "ar");
    // The consent text itself (the innermost right-to-left block holding it).
    const text = page.locator('div[lang="ar"][dir="rtl"]', { hasText: "أوافق على خلع السن" }).last();
    await text.waitFor();
    expect(await text.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    await drawOn(page, page.getByRole("img", { name: messages.ar.signatureCanvas }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, "lang-01-arabic-360.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    const done = await approveAndWait(page, c, "ar");
    expect(await pdfText(done, "e2e-ar.pdf")).toContain("أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر");
  });

  it("signs an English consent with its interpreter on a second pad", async () => {
    const c = await create({ adsoyad: "John Smith", dil: "en", tercuman_ad: "Ayşe Tercüman" });
    const page = await (await chrome.context("phone")).newPage();
    await page.goto(c.link.url);
    await verifyIn(page, c, "en");
    await page.getByRole("heading", { name: "Interpreter’s signature: Ayşe Tercüman" }).waitFor();
    const pads = page.getByRole("img", { name: "Signature area" });
    expect(await pads.count()).toBe(2);
    await drawOn(page, pads.first());
    // One pad drawn: approval still waits for the interpreter.
    await page.getByRole("checkbox").first().check();
    await page.getByRole("checkbox").nth(1).check();
    expect(await page.getByRole("button", { name: "I approve and sign" }).isDisabled()).toBe(true);
    await page.getByText("the interpreter signs").waitFor();
    await drawOn(page, pads.nth(1));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, "lang-02-interpreter.png"), fullPage: true });
    const done = await approveAndWait(page, c, "en");
    expect((await eventsOf(c.id)).data.map((e) => e.event)).toContain("tercuman_imzaladi");
    const text = (await pdfText(done, "e2e-en.pdf")).replace(/\s+/g, " ");
    expect(text).toContain("Dear John Smith, I consent to the tooth extraction");
    expect(text).toContain("Ayşe Tercüman");
  });
});

/** An administrator on a new template's form with its code, title and Turkish text filled in. */
async function newTemplateForm(code: string, title: string, body: string): Promise<Page> {
  const page = await newPage(chrome, "desktop");
  await signIn(page, users.admin);
  await page.goto(`${base}/panel/templates/new`);
  await page.getByLabel("Kod", { exact: true }).fill(code);
  await page.getByLabel("Başlık", { exact: true }).fill(title);
  await (await htmlBox(page)).fill(body);
  return page;
}

describe("the panel's template editor", () => {
  it("has a tab per language with its own live preview, and publishes the translations with the version", async () => {
    const code = uniq("panel-dil");
    const page = await newTemplateForm(code, "Çok Dilli Onam", "<p>Sayın {adsoyad}, onay veriyorum.</p>");
    await page.getByRole("tab", { name: "العربية" }).click();
    await page.getByLabel("Çeviri başlığı (العربية)").fill("موافقة");
    await (await htmlBox(page, "Çeviri metni (HTML) (العربية)")).fill("<p>السيد {adsoyad}، أوافق.</p>");
    // The preview follows the tab, right to left for Arabic.
    await expect.poll(() => page.getByTestId("template-preview").innerText()).toContain("أوافق");
    expect(await page.getByTestId("template-preview").getAttribute("dir")).toBe("rtl");
    await page.getByRole("tab", { name: "English" }).click();
    await page.getByLabel("Çeviri başlığı (English)").fill("Consent");
    await (await htmlBox(page, "Çeviri metni (HTML) (English)")).fill("<p>Dear {adsoyad}, I consent.</p>");
    await expect.poll(() => page.getByTestId("template-preview").innerText()).toContain("I consent.");
    await page.screenshot({ path: path.join(SHOTS, "lang-03-panel-tabs.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await publish(page);
    await page.waitForURL(`${base}/panel/templates/${code}`);
    const api = await call<{ languages: string[]; content_hashes: Record<string, string> }>("GET", `/v1/templates/${code}`);
    expect(api.body.languages).toEqual(["tr", "en", "ar"]);
    expect(api.body.content_hashes.en).toBe(sha256("<p>Dear {adsoyad}, I consent.</p>"));
    // The editor opens again with the translations in their tabs.
    await page.getByRole("tab", { name: /English/ }).click();
    expect(await page.getByLabel("Çeviri metni (HTML) (English)", { exact: true }).inputValue()).toBe("<p>Dear {adsoyad}, I consent.</p>");
    // The list names its kind in words and its languages.
    await page.goto(`${base}/panel/templates`);
    const item = page.getByTestId("template-list").getByRole("listitem").filter({ hasText: code });
    expect(await item.locator("p").innerText()).toMatch(new RegExp(`^Kod: ${code} · [^·]* · Onam · TR, EN, AR$`));
  });

  it("opens the tab whose text the document cannot print, with the characters named under it", async () => {
    const code = uniq("panel-basilamaz");
    const page = await newTemplateForm(code, "Diş Onamı", "<p>Sayın {adsoyad}, onay veriyorum.</p>");
    await page.getByRole("tab", { name: "English" }).click();
    await page.getByLabel("Çeviri başlığı (English)").fill("Dental consent");
    await (await htmlBox(page, "Çeviri metni (HTML) (English)")).fill("<p>Tooth 🦷 extraction</p>");
    await page.getByRole("tab", { name: "Türkçe" }).click();
    await publish(page);
    await expect.poll(() => page.getByRole("tab", { name: /English/ }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.locator("#t-text-panel").innerText()).toContain("Belgede basılamayan karakter: 🦷 (U+1F9B7)");
    expect(page.url()).toBe(`${base}/panel/templates/new`);
    expect((await call("GET", `/v1/templates/${code}`)).status).toBe(404);
  });
});
