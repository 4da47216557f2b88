// Signing in to the panel through the real sign-in form, on a phone or a desktop screen.
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { FileBrowser } from "./browser";
import { run } from "../api/client";
import type { UserFixture } from "../api/fixtures";

export const users = run.fixtures.users;
export const base = run.url;

export async function newPage(chrome: FileBrowser, size: "phone" | "desktop"): Promise<Page> {
  return (await chrome.context(size)).newPage();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${base}/panel/login`);
  await page.getByLabel("E-posta").fill(email);
  await page.getByLabel("Parola").fill(password);
  await page.getByRole("button", { name: "Giriş yap" }).click();
}

/**
 * Signs in. A user the owner added on the team page must change the typed password at the first
 * sign-in (issue #51): this does it as the user would, and keeps the new one in the fixture for the
 * test's next sign-in (tests/e2e/panel-password-change.test.ts tests the page itself).
 */
export async function signIn(page: Page, user: UserFixture): Promise<void> {
  await fillLogin(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname === "/panel" || url.pathname === "/panel/account/password");
  if (new URL(page.url()).pathname === "/panel/account/password") {
    const changed = `${user.password}-kendi`;
    await page.getByLabel("Şimdiki parolanız").fill(user.password);
    await page.getByLabel("Yeni parola (en az 8 karakter)").fill(changed);
    await page.getByLabel("Yeni parola (tekrar)").fill(changed);
    await page.getByRole("button", { name: "Parolayı değiştir" }).click();
    await page.getByRole("link", { name: "Panele devam et" }).click();
    await page.waitForURL(`${base}/panel`);
    user.password = changed;
  }
  await page.getByTestId("panel-user").waitFor();
}

export async function noHorizontalScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The template editor's "Kaydet ve yayımla", confirmed: a published version is final, so it asks. */
export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Kaydet ve yayımla" }).click();
  await page.getByText("Yayımlanan sürüm bir daha değiştirilemez", { exact: false }).waitFor();
  await page.getByRole("button", { name: "Evet, yayımla" }).click();
}

/**
 * A template body's HTML box. The editor opens in the visual mode (issue #51), so its "HTML" tab is
 * chosen first (again until the page has hydrated and the tab answers); `label` is the box's own.
 */
export async function htmlBox(page: Page, label = "Metin (HTML)"): Promise<Locator> {
  const box = page.getByLabel(label, { exact: true });
  await box.waitFor({ state: "attached" });
  const tab = page.locator(`[role="tab"][aria-controls="${await box.getAttribute("id")}-panel"]`).filter({ hasText: /^HTML$/ });
  await expect.poll(async () => {
    if (!(await box.isVisible())) await tab.click();
    return box.isVisible();
  }).toBe(true);
  return box;
}
