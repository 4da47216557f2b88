// One-time password-reset links through Chromium (issue #42): the owner makes one on the team page
// (shown once), the member opens it without a session and sets a new password; the member's open
// session ends, the old password fails, the new one signs in, the link fails a second time with the
// same neutral words as an unknown one, and the action log names both steps. Issue #51: the password
// set through the link must be changed at the next sign-in.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, fillLogin, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();
const CLOSED = "Bu bağlantı geçersiz ya da süresi dolmuş. Yöneticinizden yeni bir parola yenileme bağlantısı isteyin.";

describe("password-reset links", () => {
  it("lets a member set a new password once through the owner's link, ending their sessions", async () => {
    const member = users.reset_member;
    // The member is signed in somewhere: the reset must end that session.
    const before = await newPage(chrome, "desktop");
    await signIn(before, member);

    const owner = await newPage(chrome, "desktop");
    await signIn(owner, users.owner);
    await owner.goto(`${base}/panel/team`);
    const entry = owner.getByTestId("user-list").locator(`li[data-email="${member.email}"]`);
    await entry.getByText("Test reset_member: giriş güvenliği").click();
    await entry.getByRole("button", { name: "Parola yenileme bağlantısı oluştur" }).click();
    await expect.poll(() => entry.getByTestId("member-sign-in-result").textContent()).toBe("Parola yenileme bağlantısı oluşturuldu; 24 saat geçerli, bir kez kullanılabilir.");
    const link = (await entry.getByTestId("reset-link-url").innerText()).trim();
    expect(link).toMatch(/\/panel\/reset\/[a-z0-9]{20}\.[A-Za-z0-9_-]{43}$/);
    await noHorizontalScroll(owner, 1280);
    await owner.screenshot({ path: path.join(SHOTS, "panel-reset-link-desktop.png"), fullPage: true });
    expect(await accessibilityViolations(owner)).toEqual([]);
    // The long link wraps on a phone's width too.
    await owner.setViewportSize({ width: 360, height: 640 });
    await noHorizontalScroll(owner, 360);
    await entry.screenshot({ path: path.join(SHOTS, "panel-reset-link-phone.png") });
    await owner.setViewportSize({ width: 1280, height: 900 });

    // The member, on a phone and without a session, opens it.
    const phone = await newPage(chrome, "phone");
    const csp = await recordCspViolations(phone);
    const address = `${base}${new URL(link).pathname}`;
    // Opening it does not spend it (a link preview must not): on a desktop first, then on the phone.
    const desk = await newPage(chrome, "desktop");
    await desk.goto(address);
    await desk.getByRole("heading", { name: "Yeni parola belirleyin" }).waitFor();
    await noHorizontalScroll(desk, 1280);
    await desk.screenshot({ path: path.join(SHOTS, "panel-reset-desktop.png"), fullPage: true });
    await phone.goto(address);
    await phone.getByRole("heading", { name: "Yeni parola belirleyin" }).waitFor();
    await phone.getByLabel("Yeni parola (en az 8 karakter)").fill("Yeni-Parola-42");
    await phone.getByLabel("Yeni parola (tekrar)").fill("Yeni-Parola-43");
    await phone.getByRole("button", { name: "Parolayı kaydet" }).click();
    await phone.getByText("İki parola aynı değil.", { exact: true }).waitFor();
    await noHorizontalScroll(phone, 360);
    await phone.screenshot({ path: path.join(SHOTS, "panel-reset-phone.png"), fullPage: true });
    expect(await accessibilityViolations(phone)).toEqual([]);
    await phone.getByLabel("Yeni parola (tekrar)").fill("Yeni-Parola-42");
    await phone.getByRole("button", { name: "Parolayı kaydet" }).click();
    await expect
      .poll(() => phone.getByTestId("reset-result").textContent())
      .toBe(
        "Parolanız değiştirildi ve açık oturumlarınızın tümü kapatıldı. Yeni parolanızla giriş yapın: bağlantıyı başka biri oluşturduğu için girişte parolanızı yalnız sizin bileceğiniz bir parolayla bir kez daha değiştirmeniz istenecek.",
      );
    expect(await csp()).toEqual([]);

    // Every session of the member ended; the old password no longer opens the panel, the new one does.
    await before.goto(`${base}/panel`);
    await before.waitForURL(/\/panel\/login/);
    await fillLogin(before, member.email, member.password);
    await expect.poll(() => before.getByTestId("login-error").textContent()).toBe("E-posta ya da parola hatalı.");
    // Issue #51: whoever made the link may have typed the password: the next sign-in opens only the
    // change-password page, and the menu is not there until it is changed (signIn changes it as the user would).
    await fillLogin(before, member.email, "Yeni-Parola-42");
    await before.waitForURL(`${base}/panel/account/password`);
    expect(await before.getByRole("navigation", { name: "Panel menüsü" }).count()).toBe(0);
    await before.goto(`${base}/panel/consents`);
    await before.waitForURL(`${base}/panel/account/password`);
    await before.context().clearCookies();
    await signIn(before, { ...member, password: "Yeni-Parola-42" });

    // The link works once: a second time, and an unknown link, get the same neutral words.
    await phone.goto(address);
    await phone.getByRole("heading", { name: "Bağlantı kullanılamıyor" }).waitFor();
    expect(await phone.getByTestId("reset-closed").innerText()).toBe(CLOSED);
    expect(await phone.getByLabel("Yeni parola (en az 8 karakter)").count()).toBe(0);
    await noHorizontalScroll(phone, 360);
    await phone.screenshot({ path: path.join(SHOTS, "panel-reset-closed-phone.png"), fullPage: true });
    expect(await accessibilityViolations(phone)).toEqual([]);
    await phone.goto(`${base}/panel/reset/${"a".repeat(20)}.${"B".repeat(43)}`);
    expect(await phone.getByTestId("reset-closed").innerText()).toBe(CLOSED);
    // The page says nothing to other sites about the address it was opened at.
    const res = await phone.request.get(address);
    expect(res.status()).toBe(200);
    expect(res.headers()["referrer-policy"]).toBe("no-referrer");
    expect(await phone.evaluate(() => [...document.querySelectorAll('meta[name="referrer"]')].map((m) => m.getAttribute("content")))).toEqual(["no-referrer"]);

    // The owner's action log has both steps, by name, and never the link.
    await owner.reload();
    const log = owner.getByTestId("audit-log");
    await expect.poll(() => log.locator('[data-action="user.password_reset"]').count()).toBeGreaterThan(0);
    expect(await log.locator('[data-action="user.password_reset"]').first().innerText()).toMatch(/ Test reset_member Parolasını bağlantıyla yeniledi · Test reset_member$/);
    expect(await log.locator('[data-action="user.reset_link"]').first().innerText()).toMatch(/ Test owner Parola yenileme bağlantısı oluşturdu · Test reset_member$/);
    expect(await log.innerText()).not.toContain(new URL(link).pathname.split(".")[1]);
  });

  it("offers an admin links for staff only, and no one a link for themselves", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/team`);
    const row = (email: string) => page.getByTestId("user-list").locator(`li[data-email="${email}"]`);
    await row(users.staff.email).getByTestId("member-sign-in").waitFor();
    expect(await row(users.owner.email).getByTestId("member-sign-in").count()).toBe(0);
    expect(await row(users.admin.email).getByTestId("member-sign-in").count()).toBe(0);
  });
});
