// The physician's countersignature without a drawing (issue #51) through Chromium on a tablet (768 px):
// the name typed, or a signature saved once on the account page and used again — each with the
// password asked every time — completes the consent with its document, and the consent object and
// the evidence say which kind it was. The menu's count of consents awaiting a physician goes down as
// soon as the countersignature is given, and a consent signed in Arabic shows the physician the
// Turkish text of the same version under it. A tenant of its own ("imza"): its count moves only here.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { consentOf, drawWithMouse, signedConsent } from "./physician-helpers";
import { call, keys } from "../api/client";
import { consentBody, createConsent, eventsOf, uniq } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();
const key = keys.imza;
const doctor = users.sig_doctor;
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function tabletPage(): Promise<Page> {
  return (await chrome.context(tablet)).newPage();
}

/** Clicks until `done` holds: a click before hydration is lost on a controlled input. */
async function clickUntil(click: () => Promise<void>, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => {
      if (await done()) return true;
      await click();
      return done();
    }, { timeout: 15_000 })
    .toBe(true);
}

const badge = (page: Page) => page.getByRole("navigation", { name: "Panel menüsü" }).getByTestId("countersign-badge");
async function badgeCount(page: Page): Promise<number> {
  return (await badge(page).count()) ? Number(await badge(page).innerText()) : 0;
}

async function pdfText(url: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "imza-")), "onam.pdf");
  fs.writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

async function completedDocument(id: string) {
  await expect.poll(async () => (await consentOf(id, { key })).document?.sha256 ?? null, { timeout: 30_000 }).toMatch(/^[0-9a-f]{64}$/);
  return consentOf(id, { key });
}

describe("a typed countersignature", () => {
  it("completes the consent with its document, recorded as typed, and the menu's count goes down at once", async () => {
    const consent = await signedConsent({ hekim: "Dr. Test sig_doctor", islem: "Dolgu" }, { key });
    // A second one keeps the badge on after the first is signed.
    await signedConsent({ hekim: "Dr. Başka" }, { key });
    const page = await tabletPage();
    const csp = await recordCspViolations(page);
    await signIn(page, doctor);
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    await page.getByRole("heading", { name: "Hekim imzası", exact: true }).waitFor();
    const before = await badgeCount(page);
    expect(before).toBeGreaterThanOrEqual(2);

    // "Adımı yazarak": the pad gives way to a name field.
    const typedField = page.getByLabel("Adınız soyadınız");
    await clickUntil(() => page.getByLabel("Adımı yazarak").check(), () => typedField.isVisible());
    expect(await page.getByTestId("countersign-canvas").count()).toBe(0);
    // Nothing typed: the form says so and sends nothing.
    await page.getByLabel("Parolanız").fill(doctor.password);
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByText("Adınızı yazın.", { exact: true }).waitFor();
    expect((await consentOf(consent.id, { key })).status).toBe("signed");
    await typedField.fill("Test Sig Doktor");
    expect(await accessibilityViolations(page)).toEqual([]);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-countersign-typed-768.png"), fullPage: true });
    await page.getByLabel("Parolanız").fill(doctor.password);
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByTestId("countersign-done").getByText("Onam tamamlandı: hekim imzanız kaydedildi.").waitFor({ timeout: 30_000 });
    // Right after, on the same page: the menu counts one fewer, without a reload.
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(before - 1);
    expect(await csp()).toEqual([]);

    const after = await completedDocument(consent.id);
    expect(after.status).toBe("completed");
    expect(after.physician_countersign).toMatchObject({ required: true, name: "Test sig_doctor", registration_no: "TR-sig_doctor", signature_type: "typed" });
    const event = (await eventsOf(consent.id, { key })).data.find((e) => e.event === "hekim_imzaladi");
    expect(event?.actor).toBe(`panel:${doctor.id}`);
    expect(event?.data).toMatchObject({ ad: "Test sig_doctor", imza_turu: "yazili", signature_sha256: createHash("sha256").update("Test Sig Doktor", "utf8").digest("hex") });
    const text = await pdfText(after.document!.pdf_url!);
    expect(text).toContain("Test Sig Doktor");
    expect(text).toContain("yazılarak imzalandı");
    expect(text).toContain("Bilgilendirmeyi yapan hekim adını yazarak imzaladı");

    // The consent's page says how the physician signed.
    await page.goto(`${base}/panel/consents/${consent.id}`);
    expect(await page.getByTestId("physician-signature-type").innerText()).toContain("Adını yazarak imzaladı");

    // The dashboard's figure is current too, and the page, opened again, says who signed it.
    await page.goto(`${base}/panel`);
    expect(Number(await page.getByTestId("awaiting-countersign").innerText())).toBe(before - 1);
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    await page.getByTestId("countersign-done").getByText("Bu onamı siz imzaladınız; onam tamamlandı.").waitFor();
    expect(await page.getByTestId("countersign-form").count()).toBe(0);
  });
});

describe("a saved signature", () => {
  it("is drawn and saved on the account page, used for a countersignature with the password, recorded as saved, and deleted", async () => {
    const page = await tabletPage();
    const csp = await recordCspViolations(page);
    await signIn(page, doctor);
    await page.goto(`${base}/panel/account`);
    const card = page.getByTestId("saved-signature");
    await card.getByText("Kayıtlı imzanız yok.").waitFor();
    // Nothing drawn: nothing saved.
    await clickUntil(
      () => card.getByRole("button", { name: "İmzayı kaydet" }).click(),
      () => card.getByText("Önce imzanızı çizin.").isVisible(),
    );
    await drawWithMouse(page, "saved-signature-canvas");
    await card.getByRole("button", { name: "İmzayı kaydet" }).click();
    await card.getByText("İmzanız kaydedildi.").waitFor({ timeout: 15_000 });
    const image = card.getByTestId("saved-signature-image");
    await image.waitFor();
    expect(await image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const saved = Buffer.from((await image.getAttribute("src"))!.replace(/^data:image\/png;base64,/, ""), "base64");
    expect(saved.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(saved.length).toBeLessThanOrEqual(256 * 1024);
    expect(await accessibilityViolations(page)).toEqual([]);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-account-signature-768.png"), fullPage: true });

    const consent = await signedConsent({ hekim: "Dr. Test sig_doctor" }, { key });
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    const preview = page.getByTestId("saved-signature-preview");
    await clickUntil(() => page.getByLabel("Kayıtlı imzamla").check(), () => preview.isVisible());
    expect(await preview.getAttribute("src")).toBe(`data:image/png;base64,${saved.toString("base64")}`);
    // (checked before any click: axe once caught the submit button mid-way through its hover colour)
    expect(await accessibilityViolations(page)).toEqual([]);
    // The password is still asked.
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByText("Parolanızı girin.").waitFor();
    await page.getByLabel("Parolanız").fill("yanlis-parola");
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await expect.poll(() => page.locator("#cs-password-err").textContent(), { timeout: 15_000 }).toBe("Parola hatalı.");
    expect((await consentOf(consent.id, { key })).status).toBe("signed");
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-countersign-saved-768.png"), fullPage: true });
    await page.getByLabel("Parolanız").fill(doctor.password);
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByTestId("countersign-done").getByText("Onam tamamlandı: hekim imzanız kaydedildi.").waitFor({ timeout: 30_000 });
    expect(await csp()).toEqual([]);

    const after = await completedDocument(consent.id);
    expect(after.physician_countersign).toMatchObject({ name: "Test sig_doctor", signature_type: "saved" });
    const event = (await eventsOf(consent.id, { key })).data.find((e) => e.event === "hekim_imzaladi");
    // The evidence binds the very image saved in the account.
    expect(event?.data).toMatchObject({ imza_turu: "kayitli", signature_sha256: createHash("sha256").update(saved).digest("hex") });
    expect(await pdfText(after.document!.pdf_url!)).toContain("Bilgilendirmeyi yapan hekim panel hesabına kaydettiği imzasını kullanarak imzaladı");

    // Deleted: the countersign page no longer offers it.
    await page.goto(`${base}/panel/account`);
    await clickUntil(
      () => card.getByRole("button", { name: "Kayıtlı imzayı sil" }).click(),
      // (a second click, before the first one's answer shows, finds nothing to delete and says so too)
      async () => (await card.getByText("Kayıtlı imzanız silindi.").isVisible()) || (await card.getByTestId("saved-signature-none").isVisible()),
    );
    expect(await card.getByTestId("saved-signature-none").innerText()).toBe("Kayıtlı imzanız yok.");
    const next = await signedConsent({ hekim: "Dr. Test sig_doctor" }, { key });
    await page.goto(`${base}/panel/countersign/${next.id}`);
    await page.getByTestId("no-saved-signature").waitFor();
    expect(await page.getByLabel("Kayıtlı imzamla").isDisabled()).toBe(true);
  });
});

describe("a consent in another language", () => {
  it("shows the physician the Turkish text of the same version under the signed Arabic text, clearly labelled", async () => {
    const kod = uniq("imza-ar");
    const t = await call("POST", "/v1/templates", {
      key,
      body: {
        kod,
        baslik: "Diş Çekimi Onamı",
        govde: "<p>Sayın {adsoyad}, diş çekimi için bilgilendirildim ve onay veriyorum.</p>",
        yayimla: true,
        hekim_imzasi: true,
        ceviriler: { ar: { baslik: "موافقة على خلع السن", govde: "<p>السيد {adsoyad}، أوافق على خلع السن بعد أن شرح لي الطبيب المخاطر.</p>" } },
      },
    });
    expect(t.status, t.text).toBe(201);
    const c = await createConsent(consentBody(kod, { dil: "ar", degiskenler: {}, hekim: "Dr. Test sig_doctor" }), { key });
    const cookie = await verifiedSession(tokenOf(c), c.id);
    const signed = await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    const page = await tabletPage();
    await signIn(page, doctor);
    await page.goto(`${base}/panel/countersign/${c.id}`);
    expect(await page.getByTestId("signed-text-language").innerText()).toBe("İmzalanan metin (Arapça (العربية))");
    const signedText = page.getByTestId("consent-text").first();
    expect(await signedText.getAttribute("lang")).toBe("ar");
    expect(await signedText.innerText()).toContain("أوافق على خلع السن");
    const turkish = page.getByTestId("turkish-text");
    await turkish.getByRole("heading", { name: "Türkçe metin (aynı şablon sürümü)" }).waitFor();
    expect(await turkish.innerText()).toContain("Kişi metni Arapça okudu ve imzaladı.");
    const tr = turkish.getByTestId("consent-text");
    expect(await tr.getAttribute("lang")).toBe("tr");
    expect(await tr.innerText()).toBe("Sayın Ayşe Yılmaz, diş çekimi için bilgilendirildim ve onay veriyorum.");
    expect(await accessibilityViolations(page)).toEqual([]);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-countersign-arabic-768.png"), fullPage: true });

    // A Turkish consent has no second text.
    const plain = await signedConsent({ hekim: "Dr. Test sig_doctor" }, { key });
    await page.goto(`${base}/panel/countersign/${plain.id}`);
    await page.getByTestId("countersign-form").waitFor();
    expect(await page.getByTestId("turkish-text").count()).toBe(0);
    expect(await page.getByTestId("consent-text").count()).toBe(1);
  });
});
