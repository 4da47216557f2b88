// Issue #52 through Chromium: a starter form copied from the templates page's gallery opens as a draft
// with its text, its five translations (decisions §17), variables and questions; published, it takes
// consents in Arabic and Russian whose signed PDFs print that language's text; a real Word form (written by the
// test, tests/fixtures/word-document.ts) imported in the editor replaces the Turkish text with its
// headings, lists and table, names what it dropped, offers its unknown placeholder as a variable, and
// publishes with the readability score the editor showed. Another file type is refused on its field.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, newPage, publish, signIn, users } from "./panel-helpers";
import { call } from "../api/client";
import { consentBody, createTestTemplate, sha256, type Consent } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import { IMPLANT } from "@/lib/templates/starter/dental";
import { consentFormDocx } from "../fixtures/word-document";

const chrome = chromiumPerFile();

type Detail = {
  version: number;
  body: string;
  readability: number | null;
  languages: string[];
  content_hashes: Record<string, string>;
  questions: Record<string, number>;
  variables: { name: string }[];
  has_draft?: true;
};
type Signed = Consent & { language: string; document: { pdf_url: string } | null };

/** The code of the implant copy the gallery test made; the next test publishes it. */
let copied: string | undefined;

/** The editor's score as a number ("78,6" in Turkish). */
async function shownScore(page: Page): Promise<number> {
  const score = page.getByTestId("readability-score");
  await score.waitFor();
  return Number((await score.innerText()).replace(",", "."));
}

describe("starter forms and Word import", () => {
  it("copies a starter form from the gallery into a draft the editor opens", async () => {
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates`);
    const gallery = page.getByTestId("starter-gallery");
    await gallery.getByRole("heading", { name: "Hazır formlar" }).waitFor();
    expect(await gallery.locator("[data-starter]").count()).toBe(9);
    expect(await accessibilityViolations(page)).toEqual([]);
    await gallery.getByRole("button", { name: "Diş İmplantı Onam Formu: şablonlarıma kopyala" }).click();

    // A draft under the form's code (or the next free one when an earlier copy holds it).
    await page.waitForURL(/\/panel\/templates\/implant(-\d+)?$/);
    const code = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.getByTestId("template-state").getByText("Yayımlanmadı").waitFor();
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).inputValue()).toContain("<h2>Diş İmplantı Onam Formu</h2>");
    expect(await page.getByLabel("Başlık", { exact: true }).inputValue()).toBe("Diş İmplantı Onam Formu");
    expect(await page.locator("#v-0-ad").inputValue()).toBe("dis_no");
    expect(await shownScore(page)).toBeGreaterThanOrEqual(60);

    const detail = await call<Detail>("GET", `/v1/templates/${code}`);
    expect(detail.body).toMatchObject({
      version: 0,
      has_draft: true,
      languages: ["tr", "en", "ar", "de", "ru", "fr"],
      questions: { tr: 3, en: 3, ar: 3, de: 3, ru: 3, fr: 3 },
      variables: [{ name: "dis_no" }],
    });
    expect(detail.body.readability).toBe(await shownScore(page));
    expect(await csp()).toEqual([]);
    copied = code;
  });

  it("publishes the copy in all six languages; an Arabic and a Russian consent sign and print their own text", async () => {
    expect(copied).toBeDefined();
    const code = copied!;
    const published = await call<Detail>("PUT", `/v1/templates/${code}`, { body: { yayimla: true } });
    expect(published.status, published.text).toBe(200);
    const detail = (await call<Detail>("GET", `/v1/templates/${code}`)).body;
    expect(detail).toMatchObject({ version: 1, languages: ["tr", "en", "ar", "de", "ru", "fr"], questions: { tr: 3, en: 3, ar: 3, de: 3, ru: 3, fr: 3 } });
    for (const l of ["en", "ar", "de", "ru", "fr"] as const) expect(detail.content_hashes[l], l).toBe(sha256(IMPLANT.ceviriler[l].govde));

    const cases = [
      // Phrases without lam-alef or vowel marks: pdftotext reads the ligature back in visual order ("األسنان").
      { dil: "ar", adsoyad: "أحمد علي", phrases: ["نموذج الموافقة على زراعة", "الزرعة برغي من التيتانيوم", "نص الموافقة — العربية"] },
      { dil: "ru", adsoyad: "Иван Петров", phrases: ["Форма информированного согласия на зубную имплантацию", "Этапы лечения", "Уважаемый(-ая) Иван Петров!"] },
    ] as const;
    for (const { dil, adsoyad, phrases } of cases) {
      const created = await call<Signed>("POST", "/v1/consents", { body: consentBody(code, { dil, adsoyad, degiskenler: { dis_no: "36" } }) });
      expect(created.status, created.text).toBe(201);
      expect(created.body.language).toBe(dil);
      const c = created.body;
      const session = await verifiedSession(tokenOf(c), c.id);
      const signed = await signer(tokenOf(c), "sign", { signature: await signaturePng(adsoyad), read: true, understood: true }, session);
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const done = (await call<Signed>("GET", `/v1/consents/${c.id}`)).body;
      const pdf = Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer());
      fs.mkdirSync(SHOTS, { recursive: true });
      const file = path.join(SHOTS, `starter-implant-${dil}.pdf`);
      fs.writeFileSync(file, pdf);
      const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      for (const phrase of phrases) expect(text, dil).toContain(phrase);
    }
  });

  it("imports a Word form into the editor, offers its placeholder as a variable and publishes it", async () => {
    const kod = await createTestTemplate();
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    const file = page.getByLabel("Word dosyası (.docx)");
    const importer = page.getByTestId("word-import");

    // Another type is refused on the file's field, and nothing replaces the text.
    await file.setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n") });
    await importer.getByRole("button", { name: "Belgeyi aktar" }).click();
    await importer.getByText("yalnızca Word belgesi (.docx) yüklenebilir", { exact: false }).waitFor();
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).inputValue()).toContain("numaralı dişe");
    // Past 5 MB the route stops reading at once, and says so on the same field.
    await file.setInputFiles({ name: "büyük.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await importer.getByRole("button", { name: "Belgeyi aktar" }).click();
    await importer.getByText("5 MiB sınırını aşıyor", { exact: false }).waitFor();
    expect(await file.getAttribute("aria-invalid")).toBe("true");

    await file.setInputFiles({ name: "İmplant onam formu.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.from(consentFormDocx()) });
    await importer.getByRole("button", { name: "Belgeyi aktar" }).click();
    await page.getByTestId("word-import-result").waitFor();
    expect(await page.getByTestId("word-dropped").innerText()).toBe("Aktarılmayanlar: 1 resim, makrolar, üst ve alt bilgiler.");
    const html = await page.getByLabel("Metin (HTML)", { exact: true }).inputValue();
    expect(html).toContain("<h1>İmplant Tedavisi Onam Formu</h1>");
    expect(html).toContain("<ul><li>Ağrı ve şişlik</li>");
    expect(html).toContain("<ol><li>Muayene ve görüntüleme</li>");
    expect(html).not.toContain("<img");
    const preview = page.getByTestId("template-preview");
    await expect.poll(() => preview.locator("table th").allInnerTexts()).toEqual(["Aşama", "Süre"]);

    // {adsoyad} and {hekim} are built in, {dis_no} declared; {girisim_tarihi} is offered and added.
    const placeholders = page.getByTestId("word-placeholders");
    expect(await placeholders.locator("li").allInnerTexts()).toEqual(["{adsoyad} · hazır alan", "{dis_no} · tanımlı", "{girisim_tarihi} değişken olarak ekle", "{hekim} · hazır alan"]);
    await placeholders.getByRole("button", { name: "{girisim_tarihi} değişken olarak ekle" }).click();
    await placeholders.getByText("{girisim_tarihi} · tanımlı").waitFor();
    expect(await page.locator('[data-testid="variable-row"] input[id$="-ad"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      "dis_no",
      "anestezi",
      "not",
      "girisim_tarihi",
    ]);

    // The score of the imported text, with its hardest sentences named; stored as shown when published.
    // The form runs over three pages: hundreds of words, where the template it replaced had a dozen.
    await expect.poll(() => page.getByTestId("readability").innerText()).toMatch(/\d{3,} sözcük/);
    const score = await shownScore(page);
    expect(await page.getByTestId("readability-hard").locator("li").count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await publish(page);
    await page.getByTestId("version-list").locator('[data-version="2"]').waitFor();
    const saved = await call<Detail>("GET", `/v1/templates/${kod}`);
    expect(saved.body).toMatchObject({ version: 2, readability: score });
    expect(saved.body.body).toContain("<table><thead><tr><th><p><strong>Aşama</strong></p></th>");
    expect(saved.body.variables.map((v) => v.name)).toEqual(["dis_no", "anestezi", "not", "girisim_tarihi"]);
    expect(await csp()).toEqual([]);
  });
});
