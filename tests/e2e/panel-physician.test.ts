// The physician in the panel (decisions §19) through Chromium: the team page marks users as
// physicians with a registration number; a physician's queue and menu badge; the countersignature
// drawn with the mouse (and a finger on a tablet) after the password typed again, which completes the
// consent with its document; wrong passwords counted like sign-ins; no queue for anyone else (403) and
// no other tenant's consent (404); a refusal put on record from the consent page; every page at
// 360, 768 and 1280 px without sideways scrolling and clean under axe.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, fillLogin, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { consentOf, drawWithFinger, drawWithMouse, padHasInk, signedConsent } from "./physician-helpers";
import { keys } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "../api/consent-helpers";
import type { UserFixture } from "../api/fixtures";

const chrome = chromiumPerFile();

const stamp = Date.now().toString(36);
const physician: UserFixture & { name: string; registrationNo: string } = {
  email: `hekim-${stamp}@acme.test`,
  password: `Parola-hekim-${stamp}`,
  role: "staff",
  tenant: "acme",
  name: `Dr. Zeynep Hekimoğlu${stamp}`,
  registrationNo: `TR-${stamp}`,
};
/** Marked as physician after being added, and locked by wrong step-ups. */
const second: UserFixture & { name: string } = { email: `hekim2-${stamp}@acme.test`, password: `Parola-ikinci-${stamp}`, role: "staff", tenant: "acme", name: `Ali Lokman${stamp}` };

async function pageFits(page: Page, width: number, shot: string): Promise<void> {
  await page.setViewportSize({ width, height: width < 800 ? 1024 : 900 });
  await noHorizontalScroll(page, width);
  await page.screenshot({ path: path.join(SHOTS, `${shot}-${width}.png`), fullPage: true });
}

describe("physicians on the team page", () => {
  it("lets the owner add a physician with a registration number and mark an existing user, refusing what the document cannot print", async () => {
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, users.owner);
    await page.goto(`${base}/panel/team`);
    for (const u of [physician, second]) {
      const add = page.getByRole("form", { name: "Kullanıcı ekle" });
      await add.getByLabel("E-posta").fill(u.email);
      await add.getByLabel("Ad soyad").fill(u.name);
      await add.getByLabel("Geçici parola (en az 8 karakter)").fill(u.password);
      if (u === physician) {
        await add.getByLabel("Hekim: onamları bilgilendiren hekim olarak imzalayabilir").check();
        await add.getByLabel("Tescil no (diploma tescil numarası, isteğe bağlı)").fill(physician.registrationNo);
      }
      await add.getByRole("button", { name: "Kullanıcı ekle" }).click();
      await page.getByTestId("user-list").locator(`li[data-email="${u.email}"]`).waitFor();
    }
    const first = page.getByTestId("user-list").locator(`li[data-email="${physician.email}"]`);
    await first.getByTestId("physician-badge").waitFor();
    expect(await first.getByTestId("registration-no").innerText()).toBe(`Tescil no: ${physician.registrationNo}`);

    const other = page.getByTestId("user-list").locator(`li[data-email="${second.email}"]`);
    expect(await other.getByTestId("physician-badge").count()).toBe(0);
    await other.getByText("Hekim bilgilerini düzenle").click();
    await other.getByLabel("Hekim: onamları bilgilendiren hekim olarak imzalayabilir").check();
    await other.getByLabel("Tescil no (diploma tescil numarası, isteğe bağlı)").fill("王 123");
    await other.getByRole("button", { name: "Hekim bilgilerini kaydet" }).click();
    await other.getByText("belgede basılamayan karakter: 王 (U+738B)").waitFor();
    expect(await other.getByTestId("physician-badge").count()).toBe(0);
    await other.getByLabel("Tescil no (diploma tescil numarası, isteğe bağlı)").fill("B-123");
    await other.getByRole("button", { name: "Hekim bilgilerini kaydet" }).click();
    await other.getByText("Hekim bilgileri kaydedildi.").waitFor();
    await other.getByTestId("physician-badge").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await csp()).toEqual([]);
    await pageFits(page, 360, "panel-team");

    // An admin sees the physician details but changes none (issue #49: an admin who could un-flag a
    // physician could get a reset link for them) and adds no one (an admin who could add users could add an owner).
    const admin = await newPage(chrome, "desktop");
    await signIn(admin, users.admin);
    expect((await admin.goto(`${base}/panel/team`))?.status()).toBe(200);
    await admin.getByTestId("user-list").locator(`li[data-email="${physician.email}"]`).getByTestId("physician-badge").waitFor();
    expect(await admin.getByRole("form", { name: "Kullanıcı ekle" }).count()).toBe(0);
    expect(await admin.getByTestId("physician-details").count()).toBe(0);
    // Nor does the owner on their own account.
    expect(await page.getByTestId("user-list").locator(`li[data-email="${users.owner.email}"]`).getByTestId("physician-details").count()).toBe(0);
  });
});

describe("the physician's queue and countersignature", () => {
  let older: Awaited<ReturnType<typeof signedConsent>>;
  let mine: Awaited<ReturnType<typeof signedConsent>>;

  it("keeps users who are not physicians out: no menu entry, 403 on the queue and the countersign page", async () => {
    older = await signedConsent({ hekim: "Dr. Başka Biri", islem: "Kanal tedavisi" });
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    const nav = page.getByRole("navigation", { name: "Panel menüsü" });
    await nav.getByRole("link", { name: "Onamlar" }).waitFor();
    expect(await nav.getByRole("link", { name: /İmzamı bekleyenler/ }).count()).toBe(0);
    for (const p of ["/panel/countersign", `/panel/countersign/${older.id}`]) {
      expect((await page.goto(`${base}${p}`))?.status(), p).toBe(403);
      await page.getByRole("heading", { name: "Bu sayfaya erişim yetkiniz yok" }).waitFor();
    }
    // The consent's page says who has signed and that the physician is awaited, without a way to sign.
    await page.goto(`${base}/panel/consents/${older.id}`);
    const parties = page.getByTestId("consent-parties");
    await parties.locator('[data-party="person"][data-state="signed"]').waitFor();
    await parties.locator('[data-party="physician"][data-state="awaiting"]').waitFor();
    expect(await parties.getByRole("link", { name: "Hekim olarak imzala" }).count()).toBe(0);
    // The list filters by the new status, under its own label.
    await page.goto(`${base}/panel/consents?status=signed`);
    expect(await page.getByLabel("Durum").locator("option:checked").innerText()).toBe("Hekim onayı bekleniyor");
    await page.getByTestId("consent-list").getByTestId("consent-id").filter({ hasText: older.id }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("lists the consents naming the physician first, then by signature, with a count in the menu", async () => {
    mine = await signedConsent({ hekim: physician.name, onaylayan_tip: "veli", onaylayan_ad: "Deniz Yılmaz", yakinlik: "annesi", tanik_ad: "Tanık Ayşe Kaya" });
    const page = await newPage(chrome, "desktop");
    await signIn(page, physician);
    const link = page.getByRole("navigation", { name: "Panel menüsü" }).getByRole("link", { name: /İmzamı bekleyenler/ });
    expect(Number(await link.getByTestId("countersign-badge").innerText())).toBeGreaterThanOrEqual(2);
    await link.click();
    await page.getByRole("heading", { name: "İmzamı bekleyenler" }).waitFor();
    const ids = await page.getByTestId("countersign-queue").locator("li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-consent")));
    expect(ids[0]).toBe(mine.id);
    expect(ids.indexOf(older.id)).toBeGreaterThan(0);
    await page.getByTestId("countersign-queue").locator(`li[data-consent="${mine.id}"]`).getByText("Hekim alanında adınız geçiyor").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const w of [1280, 768, 360]) await pageFits(page, w, "panel-countersign-queue");

    // The dashboard counts them.
    await page.goto(`${base}/panel`);
    expect(Number(await page.getByTestId("awaiting-countersign").innerText())).toBeGreaterThanOrEqual(2);
  });

  it("countersigns with a mouse-drawn signature and the password typed again: the consent completes with its document", async () => {
    const page = await newPage(chrome, "desktop");
    const csp = await recordCspViolations(page);
    await signIn(page, physician);
    await page.goto(`${base}/panel/countersign/${mine.id}`);
    // What was signed, by whom for whom, and the drawn signatures.
    expect(await page.getByTestId("consent-text").innerText()).toContain("Sayın Ayşe Yılmaz");
    expect(await page.getByTestId("signed-for").innerText()).toBe("Deniz Yılmaz (Veli, annesi), Ayşe Yılmaz adına imzaladı.");
    const images = page.getByTestId("signer").locator("img");
    expect(await images.count()).toBe(2);
    for (const img of await images.all()) expect(await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByText("Tanık Ayşe Kaya", { exact: true }).waitFor();
    // The time of informing defaults to the person's signature, the latest the rule allows.
    // (a datetime-local input drops ":00" seconds, so a signature on the whole minute reads without them)
    expect(await page.getByLabel("Bilgilendirme zamanı").inputValue()).toBe(mine.signed_at.replace(" ", "T").replace(/:00$/, ""));
    await page.getByText(`İmza sizin adınızla atılır: ${physician.name} (tescil no ${physician.registrationNo}).`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const w of [1280, 768, 360]) await pageFits(page, w, "panel-countersign");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Nothing drawn, no password: the form says so and nothing is sent.
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    await page.getByText("Lütfen imzanızı çizin.").waitFor();
    await page.getByText("Parolanızı girin.").waitFor();
    await drawWithMouse(page);
    expect(await padHasInk(page)).toBe(true);
    await page.getByLabel("Parolanız").fill(physician.password);
    await page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click();
    const done = page.getByTestId("countersign-done");
    await done.getByText("Onam tamamlandı: hekim imzanız kaydedildi.").waitFor({ timeout: 30_000 });
    // The countersignature answers before its document exists (issue #46: the completion runs off the
    // request): the form says it is being produced, and the consent has it shortly after. (The page is
    // read again at once for the menu's count, issue #51: a document already made is no longer "being produced".)
    if (!(await done.getByText("Belge hazırlanıyor; birazdan onam sayfasından indirebilirsiniz.").isVisible())) expect((await consentOf(mine.id)).document).not.toBeNull();
    expect(await csp()).toEqual([]);
    await expect.poll(async () => (await consentOf(mine.id)).document?.sha256 ?? null, { timeout: 30_000 }).toMatch(/^[0-9a-f]{64}$/);
    const after = await consentOf(mine.id);
    expect(after.status).toBe("completed");
    const download = await fetch(after.document!.pdf_url!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("application/pdf");
    expect(after.physician_countersign).toMatchObject({ required: true, name: physician.name, registration_no: physician.registrationNo, informed_at: mine.signed_at });
    const event = (await eventsOf(mine.id)).data.find((e) => e.event === "hekim_imzaladi");
    expect(event?.actor).toMatch(/^panel:usr_/);
    expect(event?.data).toMatchObject({ ad: physician.name, tescil_no: physician.registrationNo, bilgilendirme_zamani: mine.signed_at });

    // The consent's page: every party signed, the physician with number and time of informing.
    await page.goto(`${base}/panel/consents/${mine.id}`);
    const parties = page.getByTestId("consent-parties");
    for (const role of ["person", "witness", "physician"]) await parties.locator(`[data-party="${role}"][data-state="signed"]`).waitFor();
    expect(await parties.locator('[data-party="physician"]').innerText()).toContain(`Tescil no: ${physician.registrationNo}`);
    expect(await parties.getByTestId("physician-signature-type").innerText()).toContain("Çizerek imzaladı");
    await page.getByText("Bilgilendirmeyi yapan hekim imzaladı").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-parties-1280.png"), fullPage: true });
    // Signed once: the page no longer offers it, and says the physician signed it (issue #51).
    await page.goto(`${base}/panel/countersign/${mine.id}`);
    await page.getByTestId("countersign-done").getByText("Bu onamı siz imzaladınız; onam tamamlandı.").waitFor();
    expect(await page.getByTestId("countersign-form").count()).toBe(0);
    await page.goto(`${base}/panel`);
    expect(await page.getByTestId("median-countersign").innerText()).not.toBe("—");
  });

  it("countersigns with a finger on a tablet, in English", async () => {
    const consent = await signedConsent({ hekim: physician.name });
    const context = await chrome.context({ viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "en-GB" });
    const page = await context.newPage();
    await signIn(page, physician);
    await page.goto(`${base}/panel/countersign/${consent.id}?lang=en`);
    await page.getByRole("heading", { name: "Physician's signature" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await drawWithFinger(page);
    expect(await padHasInk(page)).toBe(true);
    await page.getByLabel("Your password").fill(physician.password);
    await page.getByRole("button", { name: "Sign and complete the consent" }).click();
    await page.getByText("Consent completed: your signature as physician was recorded.").waitFor({ timeout: 30_000 });
    expect((await consentOf(consent.id)).status).toBe("completed");
    await noHorizontalScroll(page, 768);
    await page.goto(`${base}/panel/countersign?lang=en`);
    await page.getByRole("heading", { name: "Awaiting my signature" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("refuses a wrong password and counts it: five lock the account, sign-in included", async () => {
    const consent = await signedConsent({ hekim: "Dr. Başka Biri" });
    const page = await newPage(chrome, "desktop");
    await signIn(page, second);
    await page.goto(`${base}/panel/countersign/${consent.id}`);
    await drawWithMouse(page);
    /** Types a password, signs, and returns what the password field then says. */
    const attempt = async (password: string) => {
      await page.getByLabel("Parolanız").fill(password);
      // The server action answers with a POST to the page's own address.
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/panel/countersign/${consent.id}`)),
        page.getByRole("button", { name: "İmzala ve onamı tamamla" }).click(),
      ]);
      return page.locator("#cs-password-err").textContent();
    };
    for (let i = 1; i <= 4; i++) expect(await attempt(`yanlis-${i}`)).toBe("Parola hatalı.");
    const tooMany = "Çok sayıda hatalı parola girildi; en geç 15 dakika sonra tekrar deneyin.";
    expect(await attempt("yanlis-5")).toBe(tooMany);
    // Locked: the right password is refused too, and the consent still awaits a physician.
    expect(await attempt(second.password)).toBe(tooMany);
    expect(await page.getByLabel("Parolanız").inputValue()).toBe("");
    expect((await consentOf(consent.id)).status).toBe("signed");
    const login = await newPage(chrome, "desktop");
    await fillLogin(login, second.email, second.password);
    await expect.poll(() => login.getByTestId("login-error").textContent()).toBe("E-posta ya da parola hatalı.");
  });

  it("shows another tenant's consent to no one: 404", async () => {
    const elsewhere = await signedConsent({ hekim: physician.name }, { key: keys.other });
    const page = await newPage(chrome, "desktop");
    await signIn(page, physician);
    for (const p of [`/panel/countersign/${elsewhere.id}`, `/panel/consents/${elsewhere.id}`]) {
      expect((await page.goto(`${base}${p}`))?.status(), p).toBe(404);
    }
    await page.goto(`${base}/panel/countersign`);
    expect(await page.locator(`li[data-consent="${elsewhere.id}"]`).count()).toBe(0);
  });
});

describe("a refusal to sign on record", () => {
  it("asks for a reason and a witness behind a confirmation step, then closes the consent with its record", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod));
    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents/${c.id}`);
    await page.getByRole("button", { name: "Ret tutanağı tut" }).click();
    await page.getByRole("button", { name: "Evet, tutanağa geçir" }).click();
    expect(await page.getByTestId("refusal-confirm").getByText("Zorunlu alan").count()).toBe(2);
    await page.getByRole("button", { name: "Vazgeç" }).click();
    expect((await consentOf(c.id)).status).toBe("sent");

    await page.getByRole("button", { name: "Ret tutanağı tut" }).click();
    await page.getByLabel("Ret gerekçesi").fill("Hasta işlemi kabul etmedi, imzalamadı");
    await page.getByLabel("Tanığın adı soyadı").fill("Hemşire Elif Demir");
    // decisions §25: the witness signs on the clinic's tablet, and the informing physician is named.
    await drawWithMouse(page, "refusal-witness-canvas");
    await page.getByLabel("Bilgilendiren hekim (isteğe bağlı)").fill("Dr. Şule Işık");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Evet, tutanağa geçir" }).click();
    await expect.poll(() => page.getByTestId("action-message").textContent(), { timeout: 30_000 }).toContain("Ret tutanağı kaydedildi");
    await page.locator('[data-status="rejected"]').first().waitFor();
    const record = page.getByTestId("refusal-record");
    await record.getByText("Hasta işlemi kabul etmedi, imzalamadı").waitFor();
    await record.getByText("Hemşire Elif Demir").waitFor();
    // The one who put it on record, by name (the tenant's users only).
    await record.getByText("Panel kullanıcısı Test staff", { exact: true }).waitFor();
    expect(await page.getByTestId("signing-qr").count()).toBe(0);
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "panel-refusal-360.png"), fullPage: true });

    const after = await consentOf(c.id);
    expect(after).toMatchObject({ status: "rejected", reject_reason: "Hasta işlemi kabul etmedi, imzalamadı" });
    const event = (await eventsOf(c.id)).data.find((e) => e.event === "ret_tutanagi");
    expect(event).toMatchObject({
      actor: expect.stringMatching(/^panel:usr_/),
      data: { reason: "Hasta işlemi kabul etmedi, imzalamadı", tanik_ad: "Hemşire Elif Demir", hekim_ad: "Dr. Şule Işık", tanik_imza_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    // Its sealed Ret Tutanağı, like any other document.
    await expect.poll(async () => (await consentOf(c.id)).document?.sha256 ?? null, { timeout: 30_000 }).toMatch(/^[0-9a-f]{64}$/);
  });
});
