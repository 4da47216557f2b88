// Duplicating a template and comparing two of its versions in the panel, through Chromium (issue #42):
// "Çoğalt" asks for a code (a taken one is a field error) and a title prefilled "… (kopya)", opens the
// new draft with the published version's text and variables, and is in the owner's action log; the
// diff page shows what changed between two versions as text (<ins>/<del>, never the body's markup),
// names bad or missing versions instead of failing, and is not found for another tenant.
// Screenshots at 360 and 1280 px, axe-core's rules and no CSP violation.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { call } from "../api/client";
import { createTestTemplate, uniq } from "../api/consent-helpers";

const chrome = chromiumPerFile();

/** A template with version 2 that changes words, adds a variable and a list item, and holds markup-like text. */
async function twoVersions(): Promise<string> {
  const kod = await createTestTemplate();
  const v2 = await call("PUT", `/v1/templates/${kod}`, {
    body: {
      baslik: "Diş Çekimi Onam Formu (gözden geçirilmiş)",
      govde:
        "<p>Sayın {adsoyad}, {dis_no} numaralı dişe {islem} yapılacaktır. Anestezi: {anestezi}. Risk: {risk}.</p>" +
        "<ul><li>Ağrı ve şişlik olabilir</li></ul><p>&lt;b&gt;kalın değil&lt;/b&gt;</p>",
      degiskenler: [
        { ad: "dis_no", etiket: "Diş numarası", tip: "sayi", zorunlu: true },
        { ad: "anestezi", etiket: "Anestezi", tip: "metin", zorunlu: true, varsayilan: "genel" },
        { ad: "risk", etiket: "Risk", tip: "metin", zorunlu: false },
      ],
      yayimla: true,
    },
  });
  expect(v2.status, v2.text).toBe(200);
  return kod;
}

describe("template versions in the panel", () => {
  it("duplicates a template into a new draft, refusing a taken code on its field", async () => {
    const kod = await twoVersions();
    const copy = uniq("kopya");
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    await page.getByRole("button", { name: "Çoğalt" }).click();
    const form = page.getByTestId("duplicate-form");
    expect(await form.getByLabel("Yeni şablonun başlığı").inputValue()).toBe("Diş Çekimi Onam Formu (gözden geçirilmiş) (kopya)");
    await form.getByLabel("Yeni şablonun kodu").fill(kod);
    await form.getByRole("button", { name: "Kopyayı oluştur" }).click();
    await form.getByText("bu kodla bir şablon zaten var; başka bir kod yazın").waitFor();
    expect(await form.getByLabel("Yeni şablonun kodu").getAttribute("aria-invalid")).toBe("true");
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);

    await form.getByLabel("Yeni şablonun kodu").fill(copy);
    await form.getByRole("button", { name: "Kopyayı oluştur" }).click();
    await page.waitForURL(`${base}/panel/templates/${copy}`);
    expect(await page.getByTestId("template-state").innerText()).toBe("Yayımlanmadı · Yayımlanmamış değişiklik var");
    expect(await page.getByLabel("Metin (HTML)", { exact: true }).inputValue()).toContain("Risk: {risk}.");
    expect(await page.getByLabel("Başlık", { exact: true }).inputValue()).toBe("Diş Çekimi Onam Formu (gözden geçirilmiş) (kopya)");
    expect(await page.getByTestId("variable-row").count()).toBe(3);
    // A draft: not usable for consents until published.
    const api = await call<{ version: number; published_at: string | null; has_draft: boolean }>("GET", `/v1/templates/${copy}`);
    expect(api.body).toMatchObject({ version: 0, published_at: null, has_draft: true });
    expect(await csp()).toEqual([]);

    // The owner reads it in the panel's action log.
    const owner = await newPage(chrome, "desktop");
    await signIn(owner, users.owner);
    await owner.goto(`${base}/panel/team`);
    const entry = owner.getByTestId("audit-log").locator('[data-action="template.duplicate"]').filter({ hasText: copy });
    expect(await entry.innerText()).toContain("Test admin Bir şablonu çoğalttı (yeni şablonun kodu) · " + copy);
  });

  it("compares two versions word by word, as text, at 1280 and 360 px", async () => {
    const kod = await twoVersions();
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/${kod}`);
    const picker = page.getByTestId("version-picker");
    expect(await picker.getByLabel("Eski sürüm").inputValue()).toBe("1");
    expect(await picker.getByLabel("Yeni sürüm").inputValue()).toBe("2");
    await picker.getByRole("button", { name: "Karşılaştır" }).click();
    await page.waitForURL(`${base}/panel/templates/${kod}/diff?a=1&b=2`);

    const text = page.getByTestId("diff-text-tr");
    const inserted = (await text.locator("[data-inline-diff] ins").allInnerTexts()).map((s) => s.replace(/^Eklenen:\s*/, "").trim());
    expect(inserted).toEqual(["(gözden geçirilmiş)", ",", "Risk: {risk}.\n• Ağrı ve şişlik olabilir\n<b>kalın değil</b>"]);
    const deleted = (await text.locator("[data-inline-diff] del").allInnerTexts()).map((s) => s.replace(/^Silinen:\s*/, "").trim());
    expect(deleted).toEqual(["({tc_masked}, {dogum_tarih}), {kurum} bünyesinde {hekim} tarafından", "Not: {not}. Onaylayan: {onaylayan_ad} {yakinlik}. Hayvan: {hayvan_ad} {hayvan_tur}. Tarih: {tarih}"]);
    // The body's markup-like text is text: no <b> element came out of it.
    expect(await page.getByTestId("template-diff").locator("b, script").count()).toBe(0);
    // The HTML source, folded away, line by line with a sign in the margin.
    await text.getByText("HTML kaynağı (satır satır)").click();
    expect(await text.locator("details ins").first().innerText()).toMatch(/^Eklenen:\s*\+\s*<p>Sayın \{adsoyad\}, \{dis_no\}/);
    const variables = page.getByTestId("diff-variables");
    expect(await variables.locator('[data-change="added"]').innerText()).toContain("{risk}");
    expect(await variables.locator('[data-change="changed"]').innerText()).toContain("varsayılan: genel");
    await page.screenshot({ path: path.join(SHOTS, "panel-template-diff-desktop.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    const phone = await newPage(chrome, "phone");
    await signIn(phone, users.admin);
    await phone.goto(`${base}/panel/templates/${kod}/diff?a=2&b=1`);
    await phone.getByText("Sürüm 2 → sürüm 1").waitFor();
    await noHorizontalScroll(phone, 360);
    await phone.getByTestId("diff-text-tr").scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS, "panel-template-diff-phone.png") });
    expect(await accessibilityViolations(phone)).toEqual([]);
    expect(await csp()).toEqual([]);
  });

  it("names bad or missing versions on the page, never a 500, and hides another tenant's template", async () => {
    const kod = await twoVersions();
    const page = await newPage(chrome, "phone");
    await signIn(page, users.admin);
    for (const [query, message] of [
      ["a=1&b=9", "Yeni sürüm: sürüm 9 yok; bu şablonun sürümleri 1–2"],
      ["a=2&b=2", "Yeni sürüm: iki farklı sürüm seçin"],
      ["a=x&b=1", "Eski sürüm: "],
      ["", "Eski sürüm: karşılaştırılacak eski sürümü seçin"],
    ] as const) {
      const res = await page.goto(`${base}/panel/templates/${kod}/diff?${query}`);
      expect(res?.status(), query).toBe(200);
      expect(await page.getByTestId("diff-refused").innerText()).toContain(message);
      // The picker is there to choose again.
      await page.getByTestId("version-picker").waitFor();
    }
    await noHorizontalScroll(page, 360);

    const stranger = await newPage(chrome, "desktop");
    await signIn(stranger, users.other_owner);
    const res = await stranger.goto(`${base}/panel/templates/${kod}/diff?a=1&b=2`);
    expect(res?.status()).toBe(404);
  });
});
