// The signing page by keyboard alone on a 360 px phone, as a screen-reader user takes it (decisions
// §23): Tab, Enter and Space only, from the code to a typed signature and the approval, with axe on
// every step; then the same in Arabic, right to left.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { call, DOCUMENT_WAIT_MS, eventually, run } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf, uniq, type Consent } from "../api/consent-helpers";
import { getConsent, noHorizontalScroll, otpLines, phoneOf, shot, verify } from "./signing-helpers";
import { messages, type Lang } from "@/components/signing/messages";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;
let arKod: string;
let longKod: string;
beforeAll(async () => {
  longKod = uniq("uzun");
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>${i + 1}. Sayın {adsoyad}, işlemin riskleri ve seçenekleri bu paragrafta ayrıntılı olarak anlatılmıştır.</p>`).join("");
  const long = await call("POST", "/v1/templates", { body: { kod: longKod, baslik: "Uzun Onam Formu", govde: `${paragraphs}<p>Metnin sonu.</p>`, yayimla: true } });
  expect(long.status, long.text).toBe(201);
  kod = await createTestTemplate();
  arKod = uniq("klavye-ar");
  const res = await call("POST", "/v1/templates", {
    body: {
      kod: arKod,
      baslik: "Diş Çekimi Onamı",
      govde: "<p>Sayın {adsoyad}, onay veriyorum.</p>",
      yayimla: true,
      ceviriler: { ar: { baslik: "موافقة على خلع السن", govde: "<p>السيد {adsoyad}، أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر.</p>" } },
    },
  });
  expect(res.status, res.text).toBe(201);
});

/** What a screen reader would call the focused element: its label's text, or its own text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const labels = (el as HTMLInputElement).labels;
    const label = labels && labels.length ? labels[0]!.textContent : null;
    return (label ?? el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

/** Presses Tab until the focus is on an element whose name matches; fails after `max` presses. */
async function tabTo(page: Page, name: string | RegExp, max = 25): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const now = await focusedName(page);
    seen.push(now);
    if (typeof name === "string" ? now === name : name.test(now)) return;
  }
  throw new Error(`Tab never reached "${String(name)}"; passed: ${seen.join(" | ")}`);
}

async function noViolations(page: Page, step: string): Promise<void> {
  await noHorizontalScroll(page);
  expect(await accessibilityViolations(page), step).toEqual([]);
}

/** The whole flow by keyboard: the code, the ticks, the typed name, the approval. */
async function signByKeyboard(page: Page, c: Consent, lang: Lang, typedName: string, shots: string): Promise<void> {
  const t = messages[lang];
  await page.goto(c.link.url);
  await page.getByRole("button", { name: t.sendCode }).waitFor();
  await noViolations(page, "opened");

  const before = otpLines(c.id).length;
  await tabTo(page, t.sendCode);
  await page.keyboard.press("Enter");
  const line = await eventually(async () => otpLines(c.id).at(before) ?? null);
  // The focus moves into the code field by itself.
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.autocomplete === "one-time-code");
  await noViolations(page, "code sent");
  await page.keyboard.type(/\b(\d{6})\b/.exec(line.body)![1]!);
  await page.keyboard.press("Enter");

  // decisions §23 / #42: the focus goes to the consent text's heading, the next thing to read.
  await page.waitForFunction(() => document.activeElement?.id === "consent-text");
  expect(await focusedName(page)).toBe(t.textHeading);
  await shot(page, `${shots}-1-verified`);
  await noViolations(page, "verified");

  await tabTo(page, `${t.readLabel} ${t.readText}`);
  await page.keyboard.press("Space");
  await tabTo(page, `${t.understoodLabel} ${t.understoodText}`);
  await page.keyboard.press("Space");
  expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(2);

  // Beside the pad, the way to type the name instead; Enter on it moves the focus into the field.
  await tabTo(page, t.typeInstead);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "typed_name");
  expect(await focusedName(page)).toBe(t.typedLabel);
  const approve = page.getByRole("button", { name: t.approve });
  expect(await approve.isDisabled()).toBe(true);
  await page.getByText(`${t.missingIntro} ${t.missingTyped}.`).waitFor();
  await page.keyboard.type(typedName);
  expect(await approve.isEnabled()).toBe(true);
  await shot(page, `${shots}-2-typed`);
  await noViolations(page, "typed");

  await tabTo(page, t.approve);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: t.doneSignedTitle }).waitFor();
  await page.waitForFunction((title) => document.activeElement?.textContent?.trim() === title, t.doneSignedTitle);
  await shot(page, `${shots}-3-signed`);
  await noViolations(page, "signed");
}

async function pdfTextOf(c: Consent): Promise<string> {
  const done = await eventually(async () => {
    const cur = await getConsent(c.id);
    return cur.document ? cur : null;
  }, DOCUMENT_WAIT_MS);
  const file = path.join(run.dataDir, `${c.id}-typed.pdf`);
  fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer()));
  return execFileSync("/usr/bin/pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describe("signing page: a wording whose form does not exist", () => {
  it("says in one line, in the wording asked for, that the form exists only in the consent's language", async () => {
    const c = await createConsent(consentBody(kod));
    const page = await phone();
    for (const [lang, line] of [
      ["de", "Dieses Formular gibt es nur auf Türkisch."],
      ["en", "This form is available only in Turkish."],
      ["ar", "هذا النموذج متاح باللغة التركية فقط."],
    ] as const) {
      await page.goto(`${c.link.url}?lang=${lang}`);
      const notice = page.getByTestId("text-only-in");
      expect(await notice.textContent()).toBe(line);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      await noViolations(page, `?lang=${lang}`);
    }
    await shot(page, "kb-lang-ar-notice");
    // The consent's own language, and a form that has the language asked for, say nothing.
    await page.goto(`${c.link.url}?lang=tr`);
    await page.getByRole("button", { name: messages.tr.sendCode }).waitFor();
    expect(await page.getByTestId("text-only-in").count()).toBe(0);
    const res = await call<Consent>("POST", "/v1/consents", { body: consentBody(arKod, { degiskenler: {}, dil: "ar" }) });
    await page.goto(`${res.body.link.url}?lang=tr`);
    await page.getByRole("button", { name: messages.tr.sendCode }).waitFor();
    expect(await page.getByTestId("text-only-in").count()).toBe(0);
  });
});

describe("signing page by keyboard alone", () => {
  it("goes from the code to a typed signature and the approval with Tab, Enter and Space at 360 px", async () => {
    const c = await createConsent(consentBody(kod));
    const page = await phone();
    await signByKeyboard(page, c, "tr", "Ayşe Yılmaz", "kb-tr");
    const signed = (await eventsOf(c.id)).data.find((e) => e.event === "imzalandi");
    expect(signed?.data).toMatchObject({ method: "typed" });
    const text = await pdfTextOf(c);
    // The person's block (the name, marked typed) beside the physician's (decisions §25): read in columns.
    expect(text).toMatch(/Ayşe Yılmaz(?: [^.]{0,80})? yazılarak imzalandı/);
  });

  it("opens the \"read\" box of a long text once it was scrolled to its end, or by \"Metnin sonuna git\" from the keyboard", async () => {
    const res = await call<Consent>("POST", "/v1/consents", { body: consentBody(longKod, { degiskenler: {} }) });
    expect(res.status, res.text).toBe(201);
    const c = res.body;
    const page = await phone();
    await page.goto(c.link.url);
    await verify(page, c);
    const t = messages.tr;
    const read = page.getByRole("checkbox", { name: /Okudum/ });
    expect(await read.isDisabled()).toBe(true);
    // The reason is read out with the box.
    const hintId = await read.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(t.readHint);
    await shot(page, "kb-long-1-unread");
    await noViolations(page, "long text, unread");

    // Keyboard: from the text's heading, Tab reaches the jump button; Enter opens the box and focuses it.
    await page.waitForFunction(() => document.activeElement?.id === "consent-text");
    await tabTo(page, t.jumpToEnd);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === "checkbox");
    await page.keyboard.press("Space");
    expect(await read.isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: t.jumpToEnd }).count()).toBe(0);
    expect(await page.evaluate(() => { const b = document.getElementById("consent-text-box")!; return b.scrollTop + b.clientHeight >= b.scrollHeight - 2; })).toBe(true);
    await shot(page, "kb-long-2-jumped");

    // Reopened (the session holds): closed again until the text is scrolled to its end.
    await page.reload();
    await page.getByRole("heading", { name: "Onam metni" }).waitFor();
    expect(await read.isDisabled()).toBe(true);
    await page.evaluate(() => document.getElementById("consent-text-box")!.scrollBy(0, 400));
    await page.waitForTimeout(300);
    expect(await read.isDisabled()).toBe(true); // halfway is not the end
    await page.evaluate(() => { const b = document.getElementById("consent-text-box")!; b.scrollTop = b.scrollHeight; });
    await page.waitForFunction(() => !(document.querySelector("input[type=checkbox]") as HTMLInputElement).disabled);
    await read.check();
    await noViolations(page, "long text, read");
  });

  it("does the same in Arabic, right to left", async () => {
    const res = await call<Consent>("POST", "/v1/consents", { body: consentBody(arKod, { degiskenler: {}, dil: "ar" }) });
    expect(res.status, res.text).toBe(201);
    const c = res.body;
    const page = await phone();
    await signByKeyboard(page, c, "ar", "فاطمة علي", "kb-ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const text = await pdfTextOf(c);
    expect(text).toContain("فاطمة علي");
    // poppler splits the lam-alef ligature of the Arabic mark; the Turkish half reads whole.
    expect(text).toContain("yazılarak imzalandı");
  });
});
