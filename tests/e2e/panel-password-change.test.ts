// Issue #51, accounts, through Chromium at a tablet's width: a user the owner added with a typed
// password signs in and is taken to the change-password page, with no menu, and every other address
// leads back there; the current password is asked (a wrong one named under its field), the new one
// typed twice; once changed, the panel opens and the user's session elsewhere has ended.
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, fillLogin, noHorizontalScroll, users } from "./panel-helpers";
import { signInPanel } from "../api/panel-actions";

const chrome = chromiumPerFile();
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, locale: "tr-TR" };
const PASSWORD_PAGE = `${base}/panel/account/password`;

describe("a password someone else set, changed at first sign-in", () => {
  it("takes the user to the change-password page and lets them reach nothing else until they change it", async () => {
    const owner = await signInPanel(users.roles_owner.email, users.roles_owner.password);
    const email = `tablet-${randomBytes(4).toString("hex")}@roles.test`;
    const typed = `Sahibin-${randomBytes(3).toString("hex")}`;
    const created = await owner.action("lib/actions/team.ts", "createUserAction", [{ email, name: "Tablet Üye", password: typed, role: "staff", isPhysician: false, registrationNo: "" }]);
    expect(created.result).toMatchObject({ ok: true });

    // Signed in elsewhere too, with the owner's password: that session must end with the change.
    const elsewhere = await (await chrome.context(TABLET)).newPage();
    await fillLogin(elsewhere, email, typed);
    await elsewhere.waitForURL(PASSWORD_PAGE);

    const page = await (await chrome.context(TABLET)).newPage();
    const csp = await recordCspViolations(page);
    await fillLogin(page, email, typed);
    await page.waitForURL(PASSWORD_PAGE);
    await page.getByRole("heading", { name: "Parolanızı değiştirin" }).waitFor();
    expect(await page.getByTestId("password-change-required").innerText()).toBe(
      "Parolanızı bir başkası (kurum yöneticiniz) belirledi. Panelin diğer bölümlerini kullanmak için önce kendi parolanızı belirleyin.",
    );
    expect(await page.getByRole("navigation", { name: "Panel menüsü" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Hesabım" }).count()).toBe(0);
    await noHorizontalScroll(page, 768);
    await page.screenshot({ path: path.join(SHOTS, "panel-password-required-tablet.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    // Every other address leads back here.
    for (const to of ["/panel/consents", "/panel/account", "/panel/consents/new"]) {
      await page.goto(`${base}${to}`);
      await page.waitForURL(PASSWORD_PAGE);
    }

    // A wrong current password is named under its field; two different new ones under the repeat.
    await page.getByLabel("Şimdiki parolanız").fill("yanlis-parola");
    await page.getByLabel("Yeni parola (en az 8 karakter)").fill("Tabletim-Parola-1");
    await page.getByLabel("Yeni parola (tekrar)").fill("Tabletim-Parola-2");
    await page.getByRole("button", { name: "Parolayı değiştir" }).click();
    await page.getByText("İki parola aynı değil.", { exact: true }).waitFor();
    await page.getByLabel("Yeni parola (tekrar)").fill("Tabletim-Parola-1");
    await page.getByRole("button", { name: "Parolayı değiştir" }).click();
    await page.getByText("Parola hatalı.", { exact: true }).waitFor();
    expect(await page.getByLabel("Şimdiki parolanız").getAttribute("aria-invalid")).toBe("true");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel("Şimdiki parolanız").fill(typed);
    await page.getByRole("button", { name: "Parolayı değiştir" }).click();
    await expect.poll(() => page.getByTestId("password-result").textContent(), { timeout: 20_000 }).toBe("Parolanız değiştirildi; diğer açık oturumlarınız kapatıldı.");
    await page.getByRole("link", { name: "Panele devam et" }).click();
    await page.waitForURL(`${base}/panel`);
    await page.getByRole("navigation", { name: "Panel menüsü" }).getByRole("link", { name: "Onamlar" }).waitFor();
    await page.goto(`${base}/panel/consents`);
    await page.waitForURL(`${base}/panel/consents`);
    // The account page now links the change-password page for later changes.
    await page.goto(`${base}/panel/account`);
    expect(await page.getByRole("link", { name: "Parolayı değiştir" }).getAttribute("href")).toBe("/panel/account/password");
    expect(await csp()).toEqual([]);

    // The other session ended: its next page is the sign-in page.
    await elsewhere.goto(`${base}/panel`);
    await elsewhere.waitForURL(/\/panel\/login/);
  });
});
