// Re-consent in the panel (decisions §22, §26, issue #51) through Chromium on a phone and a tablet: a
// material change published from the template's editor with its note; the template's page then lists
// the consents awaiting re-consent, the user chooses rows, a confirmation says how many SMS that sends
// and what it costs of the quota, and only the chosen rows are renewed, each with its own result; each
// consent's page then names the other. Held to axe-core's rules and to no CSP violation.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { call, DOCUMENT_WAIT_MS, eventually } from "../api/client";
import { consentBody, createConsent, createTestTemplate, TEMPLATE_BODY } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();

type Read = { status: string; document: unknown; timestamp: { status: string }; reconsent_required: boolean; replaced_by: string | null };
const read = async (id: string) => (await call<Read>("GET", `/v1/consents/${id}`)).body;

describe("panel re-consent", () => {
  it("lists a template's consents awaiting re-consent on a phone and sends the one chosen, once", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    await eventually(async () => {
      const got = await read(c.id);
      return got.document && got.timestamp.status !== "queued" ? got : null;
    }, DOCUMENT_WAIT_MS);
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    // An admin: publishing is theirs (lib/users/roles.ts).
    await signIn(page, users.admin);
    // decisions §26: the panel's publish asks formal or material, and a material one its note.
    await page.goto(`${base}/panel/templates/${kod}`);
    // decisions §25: the SKS document code, printed in every page's header.
    await page.getByLabel("Doküman kodu (SKS, isteğe bağlı)").fill("HYS.RB.12");
    await page.getByRole("button", { name: "Kaydet ve yayımla" }).click();
    await page.getByLabel(/^Esaslı/).check();
    await page.getByLabel("Değişiklik notu").fill("Yeni riskler eklendi.");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Evet, yayımla" }).click();
    await expect.poll(() => page.getByText("Sürüm 2 yayımlandı.").count(), { timeout: 20_000 }).toBe(1);
    expect((await call<{ change_notes?: Record<string, string>; document_code?: string | null }>("GET", `/v1/templates/${kod}`)).body).toMatchObject({
      change_notes: { tr: "Yeni riskler eklendi." },
      document_code: "HYS.RB.12",
    });
    await eventually(async () => (await read(c.id)).reconsent_required || null, 20_000);
    await page.goto(`${base}/panel/templates/${kod}/reconsent`);
    await expect.poll(() => page.getByTestId("reconsent-list").innerText()).toContain(c.id);
    expect(await page.getByTestId("reconsent-list").innerText()).toContain("Henüz gönderilmedi");
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel("Seç: Ayşe Yılmaz").check();
    await page.getByRole("button", { name: "Seçilenlere yeniden onam gönder" }).click();
    await page.getByRole("button", { name: "Evet, 1 SMS gönder" }).click();
    await expect.poll(() => page.getByTestId("reconsent-result").innerText(), { timeout: 20_000 }).toBe("1 yeniden onam gönderildi.");
    const renewed = (await read(c.id)).replaced_by;
    expect(renewed).toMatch(/^ons_/);
    await expect.poll(() => page.getByTestId("reconsent-list").innerText()).toContain(renewed!);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await csp()).toEqual([]);

    // Sent once: the renewed row can no longer be chosen, so nothing is left to send.
    expect(await page.getByLabel("Seç: Ayşe Yılmaz").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Seçilenlere yeniden onam gönder" }).isDisabled()).toBe(true);

    // Each consent's page names the other.
    await page.goto(`${base}/panel/consents/${c.id}`);
    expect(await page.getByText("Yeniden onam", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()).toBe(renewed);
    await page.goto(`${base}/panel/consents/${renewed}`);
    expect(await page.getByText("Yenilediği onam", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()).toBe(c.id);
  });
});

type Me = { quota: { remaining: number; unlimited: boolean } };
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, locale: "tr-TR" };

describe("panel re-consent of chosen rows (issue #51)", () => {
  it("sends only the rows chosen on a tablet, after a confirmation of their count and quota cost, with a result per row", async () => {
    const kod = await createTestTemplate();
    // Three consents still open on version 1: a material change reaches them too (decisions §26).
    const names = ["Ali Birinci", "Banu İkinci", "Cem Üçüncü"];
    const open: Record<string, string> = {};
    for (const adsoyad of names) open[adsoyad] = (await createConsent(consentBody(kod, { adsoyad }))).id;
    const published = await call("PUT", `/v1/templates/${kod}`, {
      body: { govde: TEMPLATE_BODY.replace("yapılacaktır", "yapılacak ve kemik grefti uygulanabilecektir"), yayimla: true, degisiklik: "esasli", degisiklik_notu: "Kemik grefti riski eklendi." },
    });
    expect(published.status, published.text).toBe(200);
    for (const id of Object.values(open)) await eventually(async () => (await read(id)).reconsent_required || null, 20_000);

    const page = await (await chrome.context(TABLET)).newPage();
    const csp = await recordCspViolations(page);
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/templates/${kod}/reconsent`);
    const list = page.getByTestId("reconsent-list");
    await expect.poll(() => list.locator("li").count()).toBe(3);
    expect(await page.getByTestId("reconsent-selected").innerText()).toBe("0 onam seçildi");
    const send = page.getByRole("button", { name: "Seçilenlere yeniden onam gönder" });
    expect(await send.isDisabled()).toBe(true);

    // Select all, then leave one out: two chosen.
    await page.getByLabel("Bu sayfadakilerin tümünü seç").check();
    expect(await page.getByTestId("reconsent-selected").innerText()).toBe("3 onam seçildi");
    await page.getByLabel("Seç: Cem Üçüncü").uncheck();
    expect(await page.getByTestId("reconsent-selected").innerText()).toBe("2 onam seçildi");
    expect(await page.getByLabel("Bu sayfadakilerin tümünü seç").evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);

    // The word first: the count, its cost and the quota left; cancelling sends nothing.
    const { remaining, unlimited } = (await call<Me>("GET", "/v1/me")).body.quota;
    expect(unlimited).toBe(false);
    await send.click();
    const dialog = page.getByRole("dialog", { name: "Yeniden onam gönderilsin mi?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("2 kişiye yeni sürümün imza bağlantısı SMS ile gönderilecek.");
    expect(await page.getByTestId("reconsent-cost").innerText()).toBe(`Maliyet: 2 SMS = 2 kontör. Kalan kontör: ${remaining}.`);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-reconsent-confirm-tablet.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Vazgeç" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    for (const id of Object.values(open)) expect((await read(id)).replaced_by, "nothing sent after Vazgeç").toBeNull();
    expect((await call<Me>("GET", "/v1/me")).body.quota.remaining).toBe(remaining);

    await send.click();
    await dialog.getByRole("button", { name: "Evet, 2 SMS gönder" }).click();
    await expect.poll(() => page.getByTestId("reconsent-result").innerText(), { timeout: 20_000 }).toBe("2 yeniden onam gönderildi.");
    const results = page.getByTestId("reconsent-results").locator("li");
    expect(await results.count()).toBe(2);
    for (const who of ["Ali Birinci", "Banu İkinci"]) {
      const row = page.getByTestId("reconsent-results").locator(`li[data-id="${open[who]}"]`);
      expect(await row.getAttribute("data-outcome")).toBe("sent");
      const renewed = (await read(open[who]!)).replaced_by;
      expect(renewed).toMatch(/^ons_/);
      expect(await row.innerText()).toBe(`${who} · ${open[who]} · Gönderildi: ${renewed}`);
    }
    // Only the chosen: the third still awaits, and is all the list shows (the renewed open ones were cancelled for theirs).
    expect((await read(open["Cem Üçüncü"]!)).replaced_by).toBeNull();
    await expect.poll(() => list.locator("li").count()).toBe(1);
    expect(await list.innerText()).toContain(open["Cem Üçüncü"]);
    expect((await call<Me>("GET", "/v1/me")).body.quota.remaining).toBe(remaining - 2);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-reconsent-result-tablet.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await csp()).toEqual([]);
  });
});
