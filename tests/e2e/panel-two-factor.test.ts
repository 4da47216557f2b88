// Two-factor sign-in through Chromium (issue #42), in a tenant of its own ("strict"): the owner turns
// it on from "Hesabım" (the code computed from the key the page shows), signs out, and signs in with
// password and code; a recovery code signs in too; the owner then makes it
// compulsory, and a member without it is kept on their account page until they turn it on; the owner
// resets it again; turning it off asks for the password.
import path from "node:path";
import { generate } from "otplib";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setServerClock } from "../api/client";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, fillLogin, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();
/** The code an authenticator app shows now, or `steps` steps on (the window takes one either side). */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const secrets: Record<string, string> = {};
let recoveryCodes: string[] = [];

beforeAll(() => setServerClock(0));

/** Turns on two-factor sign-in on the account page the page is at (the user's password asked again); returns the key and the recovery codes shown. */
async function turnOn(page: Page, password: string, shot?: string): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole("button", { name: "İki adımlı doğrulamayı aç" }).click();
  await page.getByRole("img", { name: "Doğrulama uygulaması için karekod" }).waitFor();
  const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shot) {
    await noHorizontalScroll(page, 360);
    await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await page.getByLabel("2. Uygulamanın gösterdiği 6 haneli kod").fill("12345");
  await page.getByRole("button", { name: "Kodu doğrula ve aç" }).click();
  await page.getByText("6 haneli kodu girin").waitFor();
  await page.getByText("Zorunlu alan.").waitFor(); // the password, empty
  await page.getByLabel("2. Uygulamanın gösterdiği 6 haneli kod").fill(await code(secret));
  await page.getByLabel("3. Parolanız").fill(password);
  await page.getByRole("button", { name: "Kodu doğrula ve aç" }).click();
  await expect
    .poll(() => page.getByTestId("two-factor-result").textContent())
    .toBe("İki adımlı doğrulama açıldı. Bundan sonra girişte parolanızdan sonra uygulamadaki kod sorulacak.");
  const codes = await page.getByTestId("recovery-codes").locator("li").allInnerTexts();
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

/** Password first; the form then asks for the code. */
async function signInWithCode(page: Page, email: string, password: string, totp: string): Promise<void> {
  await fillLogin(page, email, password);
  await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("Hesabınızda iki adımlı doğrulama açık: doğrulama uygulamanızdaki kodu girin.");
  await page.getByLabel("Doğrulama kodu").fill(totp);
  await page.getByRole("button", { name: "Giriş yap" }).click();
}

describe("two-factor sign-in", () => {
  it("is turned on from the account page and then asked for after the password", async () => {
    const u = users.strict_owner;
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    await signIn(page, u);
    await page.getByRole("link", { name: "Hesabım" }).click();
    await page.getByRole("heading", { name: "Hesabım" }).waitFor();
    expect(await page.getByTestId("two-factor-status").innerText()).toBe("Kapalı: girişte yalnızca parolanız soruluyor.");
    const on = await turnOn(page, u.password, "panel-two-factor-setup-phone.png");
    secrets.owner = on.secret;
    recoveryCodes = on.codes;
    await noHorizontalScroll(page, 360);
    await page.screenshot({ path: path.join(SHOTS, "panel-two-factor-recovery-phone.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await csp()).toEqual([]);
    await page.getByRole("link", { name: "Panele devam et" }).click();
    await page.getByRole("heading", { name: "Özet" }).waitFor();
    await page.getByRole("button", { name: "Çıkış yap" }).click();
    await page.waitForURL(/\/panel\/login\?signedOut=1/);

    // The password alone opens nothing: the form asks for the code (wrong and spent codes are refused in
    // tests/api/panel-sign-in-security.test.ts, whose sign-ins come from an address of their own).
    await fillLogin(page, u.email, u.password);
    await page.getByLabel("Doğrulama kodu").waitFor();
    await noHorizontalScroll(page, 360);
    await page.screenshot({ path: path.join(SHOTS, "panel-login-code-phone.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${base}/panel`);
    await page.waitForURL(/\/panel\/login/);
    // The code setup took is spent; the next step's is within the window.
    const next = await code(secrets.owner, 1);
    await signInWithCode(page, u.email, u.password, next);
    await page.waitForURL(`${base}/panel`);
    await page.getByRole("heading", { name: "Özet" }).waitFor();
    // A spent or wrong code is refused: tests/api/panel-sign-in-security.test.ts, from an address of its
    // own, since every failure here counts against 127.0.0.1's sign-in limit, shared by all browser tests.
  });

  it("once required, keeps a member without it on their account page until they turn it on", async () => {
    const owner = await newPage(chrome, "desktop");
    // A recovery code in place of the app's (the last app code may still be this step's).
    await signInWithCode(owner, users.strict_owner.email, users.strict_owner.password, recoveryCodes[0]!.toUpperCase());
    await owner.waitForURL(`${base}/panel`);
    await owner.goto(`${base}/panel/settings`);
    await owner.getByLabel("İki adımlı doğrulama zorunlu").check();
    await owner.getByRole("button", { name: "Zorunluluğu uygula" }).click();
    await expect
      .poll(() => owner.getByTestId("two-factor-setting-result").textContent())
      .toBe("İki adımlı doğrulama artık zorunlu: açmamış kullanıcılar bir sonraki sayfada Hesabım sayfasına yönlendirilir.");
    await noHorizontalScroll(owner, 1280);
    await owner.screenshot({ path: path.join(SHOTS, "panel-settings-two-factor-desktop.png"), fullPage: true });
    expect(await accessibilityViolations(owner)).toEqual([]);
    await owner.setViewportSize({ width: 360, height: 640 });
    await noHorizontalScroll(owner, 360);
    await owner.getByRole("region", { name: "İki adımlı doğrulama" }).screenshot({ path: path.join(SHOTS, "panel-settings-two-factor-phone.png") });
    await owner.setViewportSize({ width: 1280, height: 900 });

    for (const size of ["phone", "desktop"] as const) {
      const page = await newPage(chrome, size);
      await fillLogin(page, users.strict_staff.email, users.strict_staff.password);
      await page.waitForURL(`${base}/panel/account`);
      await page.getByTestId("two-factor-required").waitFor();
      expect(await page.getByRole("navigation", { name: "Panel menüsü" }).count()).toBe(0);
      for (const p of ["/panel", "/panel/consents", "/panel/consents/new"]) {
        await page.goto(`${base}${p}`);
        await page.waitForURL(`${base}/panel/account`);
      }
      // Downloads too: the CSV export sends them to the same page.
      expect((await page.request.get(`${base}/panel/consents/export`, { maxRedirects: 0 })).headers().location).toMatch(/\/panel\/account$/);
      await noHorizontalScroll(page, size === "phone" ? 360 : 1280);
      await page.screenshot({ path: path.join(SHOTS, `panel-two-factor-required-${size}.png`), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      if (size === "desktop") {
        await turnOn(page, users.strict_staff.password);
        await page.getByRole("link", { name: "Panele devam et" }).click();
        await page.getByRole("heading", { name: "Özet" }).waitFor();
        await page.getByRole("navigation", { name: "Panel menüsü" }).getByRole("link", { name: "Onamlar" }).click();
        await page.waitForURL(`${base}/panel/consents`);
      }
    }

    // The owner resets the member's two-factor sign-in (a lost phone): the member is sent back to set it up.
    await owner.goto(`${base}/panel/team`);
    const row = owner.getByTestId("user-list").locator(`li[data-email="${users.strict_staff.email}"]`);
    await row.getByTestId("two-factor-badge").waitFor();
    await row.getByText("Test strict_staff: giriş güvenliği").click();
    await row.getByRole("button", { name: "İki adımlı doğrulamayı sıfırla" }).click();
    await row.getByRole("button", { name: "Evet, sıfırla" }).click();
    await expect.poll(() => row.getByTestId("member-sign-in-result").textContent()).toBe("İki adımlı doğrulama sıfırlandı; kullanıcı Hesabım sayfasından yeniden açabilir.");
    await expect.poll(() => row.getByTestId("two-factor-badge").count()).toBe(0);
    const log = owner.getByTestId("audit-log");
    await owner.reload();
    for (const action of ["user.two_factor_on", "user.two_factor_reset", "settings.two_factor"]) expect(await log.locator(`[data-action="${action}"]`).count(), action).toBeGreaterThan(0);
  });

  it("is turned off only with the password", async () => {
    const page = await newPage(chrome, "desktop");
    await signInWithCode(page, users.strict_owner.email, users.strict_owner.password, recoveryCodes[1]!);
    await page.waitForURL(`${base}/panel`);
    // Not required any more, so that turning it off lets the owner on.
    await page.goto(`${base}/panel/settings`);
    await page.getByLabel("İki adımlı doğrulama zorunlu").uncheck();
    await page.getByRole("button", { name: "Zorunluluğu uygula" }).click();
    await expect.poll(() => page.getByTestId("two-factor-setting-result").textContent()).toBe("İki adımlı doğrulama artık zorunlu değil.");
    await page.goto(`${base}/panel/account`);
    // With nothing typed the form asks for it; a wrong password is lib/users/two-factor.test.ts's (it
    // would count against this address's sign-in limit).
    await page.getByRole("button", { name: "Kapat" }).click();
    await page.getByText("Zorunlu alan").waitFor();
    await page.getByLabel("Parolanız").fill(users.strict_owner.password);
    await page.getByRole("button", { name: "Kapat" }).click();
    await expect.poll(() => page.getByTestId("two-factor-result").textContent()).toBe("İki adımlı doğrulama kapatıldı; girişte yalnızca parolanız sorulacak.");
    await signIn(await newPage(chrome, "desktop"), users.strict_owner);
  });
});
