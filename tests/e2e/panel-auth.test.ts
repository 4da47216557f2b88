// The panel's sign-in through Chromium: redirect when signed out, wrong password, lockout after five
// failures, the limit per address, sign-out (ending the session on the server), English, and the
// server-side role checks (staff cannot reach API keys).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { loopbackClient } from "../api/client";
import { base, fillLogin, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();

describe("panel sign-in", () => {
  it("sends a signed-out visitor to the sign-in page", async () => {
    const page = await newPage(chrome, "phone");
    await page.goto(`${base}/panel/consents`);
    await page.waitForURL(/\/panel\/login/);
    await page.getByRole("heading", { name: "Panele giriş" }).waitFor();
    await noHorizontalScroll(page, 360);
  });

  it("refuses a wrong password with a clear message and no session", async () => {
    const page = await newPage(chrome, "phone");
    const cspViolations = await recordCspViolations(page);
    // Empty fields are named in the browser, the first one focused, and nothing is sent.
    await page.goto(`${base}/panel/login`);
    await page.getByLabel("Parola").fill("   ");
    await page.getByRole("button", { name: "Giriş yap" }).click();
    await expect.poll(() => page.getByText("Zorunlu alan.").count()).toBe(2);
    expect(await page.getByLabel("E-posta").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel("E-posta").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("login-error").count()).toBe(0);
    await fillLogin(page, users.owner.email, "yanlis-parola");
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("E-posta ya da parola hatalı.");
    expect(await accessibilityViolations(page)).toEqual([]);
    // The form validated in the browser without anything the page's CSP refuses (zod's eval probe was one).
    expect(await cspViolations()).toEqual([]);
    await page.goto(`${base}/panel`);
    await page.waitForURL(/\/panel\/login/);
  });

  it("signs in, shows the dashboard, and signs out", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.owner);
    await page.getByRole("heading", { name: "Özet" }).waitFor();
    // The test server seals with the built-in seal and stamps with the built-in TSA: every page says so.
    expect(await page.getByTestId("test-only-banner").innerText()).toBe(
      "Test kurulumu: belgeler yerleşik test mührüyle mühürlenir ve test zaman damgası alır; yasal geçerlilikleri yoktur.",
    );
    // One row per status of decisions §5, signed and superseded (§19, §22) included.
    expect(await page.getByTestId("status-chart").locator("li").count()).toBe(8);
    await expect.poll(() => page.getByRole("navigation", { name: "Panel menüsü" }).getByRole("link", { name: "API anahtarları" }).count()).toBe(1);
    await noHorizontalScroll(page, 360);
    await page.screenshot({ path: path.join(SHOTS, "panel-dashboard-phone.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Çıkış yap" }).click();
    await page.waitForURL(/\/panel\/login\?signedOut=1/);
    await page.getByText("Çıkış yaptınız.").waitFor();
    await page.goto(`${base}/panel`);
    await page.waitForURL(/\/panel\/login/);
  });

  it("ends the session on the server at sign-out: a copy of its cookie no longer opens the panel", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.owner);
    const other = await newPage(chrome, "desktop");
    await signIn(other, users.owner);
    const copy = await newPage(chrome, "desktop");
    await copy.context().addCookies(await page.context().cookies());
    await copy.goto(`${base}/panel`);
    await copy.getByRole("heading", { name: "Özet" }).waitFor();

    await page.getByRole("button", { name: "Çıkış yap" }).click();
    await page.waitForURL(/\/panel\/login\?signedOut=1/);
    await copy.goto(`${base}/panel`);
    await copy.waitForURL(/\/panel\/login/);
    // Only that session ended: the same user's other session goes on.
    await other.goto(`${base}/panel`);
    await other.getByRole("heading", { name: "Özet" }).waitFor();
    expect(other.url()).not.toMatch(/login/);
  });

  it("locks the account for 15 minutes after five wrong passwords, even for the right one, answering as for a wrong password", async () => {
    const page = await newPage(chrome, "desktop");
    const u = users.lockout;
    // decisions §15: a locked account, a wrong password and an unknown e-mail get the same answer.
    const same = "E-posta ya da parola hatalı.";
    for (let i = 1; i <= 5; i++) {
      await fillLogin(page, u.email, `yanlis-${i}`);
      await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(same);
    }
    await fillLogin(page, u.email, u.password);
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(same);
    expect(page.url()).toContain("/panel/login");
    await page.goto(`${base}/panel`);
    await page.waitForURL(/\/panel\/login/);
    await fillLogin(page, "kimse-yok@example.com", "bir-parola");
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(same);
  });

  it("refuses every sign-in from an address after 20 failures in 15 minutes, even a right one, and only from it", async () => {
    // From an address of its own on the loopback network (the service takes the socket's peer, never
    // a client's X-Forwarded-For), so that the rest of the suite's failures from 127.0.0.1 do not
    // count against this test, nor its against them.
    const from = loopbackClient("127.0.0.20");
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const csrf = await from("GET", "/api/auth/csrf");
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    const cookie = csrf.setCookies.map((c) => c.split(";")[0]).join("; ");
    const attempt = (email: string, password: string) =>
      from("POST", "/api/auth/callback/credentials", new URLSearchParams({ email, password, csrfToken, json: "true" }).toString(), { ...form, Cookie: cookie });
    // Spraying: one guess at each of 20 addresses, none of them an account, so no account locks.
    for (let i = 1; i <= 20; i++) {
      const r = await attempt(`yok-${i}@example.com`, `tahmin-${i}`);
      expect(r.status, `attempt ${i}`).toBeLessThan(500);
      expect(r.text).not.toContain("error=throttled");
    }
    // The 21st, with the right password, is refused without a session, and says why.
    const refused = await attempt(users.owner.email, users.owner.password);
    expect(refused.text).toContain("error=throttled");
    expect(refused.setCookies.some((c) => c.startsWith("next-auth.session-token"))).toBe(false);
    // How the page words that answer (a browser cannot leave from 127.0.0.20: its answer is replayed).
    const page = await newPage(chrome, "desktop");
    await page.route("**/api/auth/callback/credentials", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ url: `${base}/api/auth/error?error=throttled` }) }),
    );
    await fillLogin(page, users.owner.email, users.owner.password);
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(
      "Bu bağlantıdan çok sayıda hatalı giriş denemesi yapıldı. En geç 15 dakika sonra tekrar deneyin.",
    );
    // The account itself is not locked: from another address the same user signs in.
    await signIn(await newPage(chrome, "desktop"), users.owner);
  });

  it("speaks English on request", async () => {
    const page = await newPage(chrome, "phone");
    await page.goto(`${base}/panel/login?lang=en`);
    await page.getByRole("heading", { name: "Sign in to the panel" }).waitFor();
    await page.getByRole("link", { name: "Türkçe'ye geç" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    // ?lang=en is remembered, like the language link's choice: the next page without it stays English.
    await page.goto(`${base}/panel/login`);
    await page.getByRole("heading", { name: "Sign in to the panel" }).waitFor();
    await page.goto(`${base}/panel/login?lang=tr`);
    await page.goto(`${base}/panel/login`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
  });
});

describe("panel roles", () => {
  it("keeps staff to consents: no API keys or templates in the menu, and 403 from the server", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    const nav = page.getByRole("navigation", { name: "Panel menüsü" });
    await nav.getByRole("link", { name: "Onamlar" }).waitFor();
    expect(await nav.getByRole("link", { name: "API anahtarları" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Şablonlar" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Webhooklar" }).count()).toBe(0);
    for (const p of ["/panel/api-keys", "/panel/templates", "/panel/team", "/panel/settings"]) {
      const res = await page.goto(`${base}${p}`);
      expect(res?.status(), p).toBe(403);
      await page.getByRole("heading", { name: "Bu sayfaya erişim yetkiniz yok" }).waitFor();
    }
    const ok = await page.goto(`${base}/panel/consents`);
    expect(ok?.status()).toBe(200);
  });

  it("gives admin templates and webhooks but not API keys", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    const nav = page.getByRole("navigation", { name: "Panel menüsü" });
    await nav.getByRole("link", { name: "Şablonlar" }).waitFor();
    expect(await nav.getByRole("link", { name: "Webhooklar" }).getAttribute("href")).toBe("/panel/webhooks");
    expect(await nav.getByRole("link", { name: "API anahtarları" }).count()).toBe(0);
    expect((await page.goto(`${base}/panel/api-keys`))?.status()).toBe(403);
    expect((await page.goto(`${base}/panel/templates`))?.status()).toBe(200);
  });
});
