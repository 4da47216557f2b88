// The template editor's WYSIWYG tab through Chromium (issue #42): bold and a list typed in the
// "Düzenleyici" tab land in the HTML tab and the sanitized preview, are saved and published as that
// HTML; an Arabic translation is edited right to left while its HTML box stays left to right; and
// tiptap is downloaded only when the tab is opened, never by another page. Screenshots at 360 and
// 1280 px, axe-core's rules and no CSP violation.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, htmlBox, newPage, noHorizontalScroll, publish, signIn, users } from "./panel-helpers";
import { call } from "../api/client";
import { createTestTemplate } from "../api/consent-helpers";

const chrome = chromiumPerFile();

/** The scripts a page downloads from now on that carry ProseMirror (tiptap's engine). */
function editorScripts(page: Page): () => string[] {
  const seen: string[] = [];
  page.on("response", async (r) => {
    if (!r.url().endsWith(".js")) return;
    const text = await r.text().catch(() => "");
    if (text.includes("ProseMirror")) seen.push(r.url());
  });
  return () => seen;
}

describe("template editor: the WYSIWYG tab", () => {
  it("makes bold text and a list that the HTML tab, the preview and the saved version show sanitized", async () => {
    const kod = await createTestTemplate();
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    const loaded = editorScripts(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/consents/new`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Not on another page.
    expect(loaded()).toEqual([]);
    await page.goto(`${base}/panel/templates/${kod}`);

    // issue #51: the body opens in the editor, not in its HTML.
    const editor = page.getByRole("textbox", { name: "Metin (HTML) — düzenleyici" });
    await editor.waitFor();
    expect(await page.getByRole("tab", { name: "Düzenleyici" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).isVisible()).toBe(false);
    expect(loaded().length).toBeGreaterThan(0);
    expect(await editor.innerText()).toContain("numaralı dişe");

    // Replace the text: a paragraph with a bold part, then a bulleted list with a placeholder.
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("Sayın hasta, ");
    const bold = page.getByRole("button", { name: "Kalın" });
    await bold.click();
    expect(await bold.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.type("lütfen dikkatle okuyun");
    await bold.click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Madde işaretli liste" }).click();
    await page.keyboard.type("birinci madde");
    await page.keyboard.press("Enter");
    await page.keyboard.type("diş ");
    await page.getByLabel("Yer tutucu").selectOption("dis_no");
    await page.getByRole("button", { name: "Ekle", exact: true }).click();
    await page.getByRole("button", { name: "Geri al" }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, "panel-template-editor-desktop.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    // The same body in the HTML tab, and the server's sanitized preview of it.
    const expected = "<p>Sayın hasta, <strong>lütfen dikkatle okuyun</strong></p><ul><li><p>birinci madde</p></li><li><p>diş {dis_no}</p></li></ul>";
    await page.getByRole("tab", { name: "HTML" }).click();
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).inputValue()).toBe(expected);
    const preview = page.getByTestId("template-preview");
    await expect.poll(() => preview.innerHTML()).toContain("<strong>lütfen dikkatle okuyun</strong>");
    expect(await preview.locator("ul > li").allInnerTexts()).toEqual(["birinci madde", "diş 12"]);

    // Back in the editor the text is as left; an edit in the HTML tab shows there too.
    await page.getByLabel("Metin (HTML)", { exact: true }).fill(`${expected}<p>HTML'den eklendi</p>`);
    await page.getByRole("tab", { name: "Düzenleyici" }).click();
    await expect.poll(() => editor.innerText()).toContain("HTML'den eklendi");
    expect(await editor.locator("strong").innerText()).toBe("lütfen dikkatle okuyun");

    await publish(page);
    await page.getByTestId("version-list").locator('[data-version="2"]').waitFor();
    const saved = await call<{ body: string; version: number }>("GET", `/v1/templates/${kod}`);
    expect(saved.body).toMatchObject({ version: 2, body: `${expected}<p>HTML'den eklendi</p>` });
    expect(await csp()).toEqual([]);
  });

  it("keeps an Arabic body's editor right to left and its HTML box left to right, on a phone", async () => {
    const kod = await createTestTemplate();
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    await page.getByRole("tab", { name: "العربية" }).click();
    await page.getByLabel("Çeviri başlığı (العربية)").fill("موافقة");
    const html = await htmlBox(page, "Çeviri metni (HTML) (العربية)");
    await html.fill("<p>عزيزي {adsoyad}</p>");
    expect(await html.getAttribute("dir")).toBe("ltr");
    const pane = page.locator('[lang="ar"]').filter({ has: html });
    await pane.getByRole("tab", { name: "Düzenleyici" }).click();
    const editor = page.getByRole("textbox", { name: "Çeviri metni (HTML) (العربية) — düzenleyici" });
    await editor.waitFor();
    expect(await editor.getAttribute("dir")).toBe("rtl");
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" مرحبا");
    await page.keyboard.press("Enter");
    await pane.getByRole("button", { name: "Numaralı liste" }).click();
    await page.keyboard.type("أولا");
    await noHorizontalScroll(page, 360);
    await pane.getByTestId("rich-text").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: path.join(SHOTS, "panel-template-editor-phone-ar.png") });
    expect(await accessibilityViolations(page)).toEqual([]);
    await pane.getByRole("tab", { name: "HTML" }).click();
    expect(await html.inputValue()).toBe("<p>عزيزي {adsoyad} مرحبا</p><ol><li><p>أولا</p></li></ol>");
    await expect.poll(() => page.getByTestId("template-preview").innerHTML()).toContain("<ol><li><p>أولا</p></li></ol>");

    await page.getByRole("button", { name: "Taslak olarak kaydet" }).click();
    await page.getByText("Kaydedildi.").waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "العربية" }).click();
    expect(await page.getByLabel("Çeviri metni (HTML) (العربية)", { exact: true }).inputValue()).toBe("<p>عزيزي {adsoyad} مرحبا</p><ol><li><p>أولا</p></li></ol>");
    expect(await csp()).toEqual([]);
  });

  // issue #51: typing "1. " made a list and the next item's typed "2. " stayed in its text: "2. 2."
  // in the PDF. The list numbers its items; a number typed at an item's start goes.
  it("makes a numbered list of typed '1. ', '2. ', '3. ' with each number once", async () => {
    const kod = await createTestTemplate();
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    const editor = page.getByRole("textbox", { name: "Metin (HTML) — düzenleyici" });
    await editor.waitFor();
    await expect.poll(async () => (await editor.getAttribute("contenteditable")) === "true" && (await page.getByRole("button", { name: "Kalın" }).isEnabled())).toBe(true);
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("1. Birinci");
    await page.keyboard.press("Enter");
    await page.keyboard.type("2. İkinci");
    await page.keyboard.press("Enter");
    await page.keyboard.type("3. Üçüncü - {adsoyad}");
    await expect.poll(() => editor.locator("ol > li").allInnerTexts()).toEqual(["Birinci", "İkinci", "Üçüncü - {adsoyad}"]);
    const box = await htmlBox(page);
    expect(await box.inputValue()).toBe("<ol><li><p>Birinci</p></li><li><p>İkinci</p></li><li><p>Üçüncü - {adsoyad}</p></li></ol>");
    const preview = page.getByTestId("template-preview").locator("ol > li");
    await expect.poll(() => preview.count()).toBe(3);
    expect((await preview.allInnerTexts()).slice(0, 2)).toEqual(["Birinci", "İkinci"]);
  });

  it("shows a loading state, then warns before the editor would drop a table, on a phone", async () => {
    const kod = await createTestTemplate();
    const put = await call("PUT", `/v1/templates/${kod}`, { body: { govde: "<p>{adsoyad} {dis_no}</p><table><tr><td>Doz</td><td>5 mg</td></tr></table>" } });
    expect(put.status, put.text).toBe(200);
    const page = await newPage(chrome, "phone");
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    // A body with a table opens in its HTML (the editor could not show it).
    await page.getByLabel("Metin (HTML)", { exact: true }).waitFor();
    // The editor's scripts held back a moment: the tab says it is loading meanwhile.
    await page.route("**/_next/static/**/*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("tab", { name: "Düzenleyici" }).click();
    expect(await page.getByTestId("editor-loading").innerText()).toBe("Düzenleyici yükleniyor…");
    await page.getByRole("note").filter({ hasText: "düzenleyicinin gösteremediği öğeler var (<table>, <tr>, <td>)" }).waitFor();
    const editor = page.getByRole("textbox", { name: "Metin (HTML) — düzenleyici" });
    expect(await editor.getAttribute("contenteditable")).toBe("false");
    expect(await page.getByRole("button", { name: "Kalın" }).isDisabled()).toBe(true);
    await noHorizontalScroll(page, 360);
    await page.getByTestId("rich-text").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: path.join(SHOTS, "panel-template-editor-phone.png") });
    await page.getByRole("button", { name: "Yine de düzenleyicide değiştir" }).click();
    expect(await editor.getAttribute("contenteditable")).toBe("true");
    // Only opening it for edits changes nothing: the table goes with the author's first change.
    await page.getByRole("tab", { name: "HTML" }).click();
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).inputValue()).toContain("<table>");
  });
});
