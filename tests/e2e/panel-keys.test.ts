// API keys in the panel through Chromium: the owner creates a key (secret shown once), the key works
// against /v1/me, its last use shows up, and after a revoke in the panel it answers 401.
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { keys } from "../api/client";
import { consentBody, createConsent, createTestTemplate, outbox } from "../api/consent-helpers";

/** The team row's badge of a user whose password the owner typed (issue #51), shown until they change it. */
const MUST_CHANGE = "İlk girişte parolasını değiştirecek";
const chrome = chromiumPerFile();

const me = (id: string, secret: string) =>
  fetch(`${base}/v1/me`, { headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` } });

describe("panel API keys", () => {
  it("creates a key whose secret is shown once, which works until revoked in the panel", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.owner);
    await page.goto(`${base}/panel/api-keys`);
    await page.getByLabel("Anahtar adı").fill("Panel testi");
    await page.getByLabel("onam:yaz — onam oluşturma, iptal, yeniden gönderim").check();
    await page.getByRole("button", { name: "Anahtar oluştur" }).click();
    const box = page.getByTestId("new-secret");
    await box.waitFor();
    expect(await box.innerText()).toContain("yalnızca şimdi gösteriliyor");
    await box.getByRole("button", { name: "Kopyala: Gizli anahtar (parola)" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const id = (await page.getByTestId("new-key-id").textContent())!;
    const secret = (await page.getByTestId("new-key-secret").textContent())!;
    expect(id).toMatch(/^ak_[a-z0-9]{16,}$/);
    expect(secret).toMatch(/^sk_/);
    await noHorizontalScroll(page, 360);

    const ok = await me(id, secret);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { key: { id: string; scopes: string[] }; tenant: { code: string } };
    expect(body.key.id).toBe(id);
    expect(body.key.scopes.sort()).toEqual(["onam:oku", "onam:yaz"]);
    expect(body.tenant.code).toBe("acme");

    // The secret is not on the page once it is reloaded; the key's last use is.
    const row = page.locator(`[data-key-id="${id}"]`);
    await expect
      .poll(async () => {
        await page.reload();
        return row.getByTestId("last-used").textContent();
      })
      .not.toBe("Hiç kullanılmadı");
    expect(await page.content()).not.toContain(secret);

    await row.getByRole("button", { name: "Geçersiz kıl" }).click();
    await row.getByRole("button", { name: "Evet, geçersiz kıl" }).click();
    await page.locator(`[data-key-id="${id}"][data-revoked="true"]`).waitFor();
    expect((await me(id, secret)).status).toBe(401);
  });

  it("keeps admins out of API keys on the server", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    expect((await page.goto(`${base}/panel/api-keys`))?.status()).toBe(403);
  });
});

describe("panel team and settings", () => {
  it("lets the owner add a staff user, who can then sign in", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.owner);
    await page.goto(`${base}/panel/team`);
    const email = `yeni-${Date.now().toString(36)}@acme.test`;
    await page.getByLabel("E-posta").fill(email);
    await page.getByLabel("Ad soyad").fill("Yeni Personel");
    await page.getByLabel("Geçici parola (en az 8 karakter)").fill("kisa");
    await page.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await page.getByText("En az 8 karakter olmalı.", { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Geçici parola (en az 8 karakter)").fill("Gecici-Parola-1");
    await page.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await page.getByText("Kullanıcı eklendi.").waitFor();
    await expect.poll(() => page.getByTestId("user-list").innerText()).toContain(email);
    const added = page.getByTestId("user-list").getByRole("listitem").filter({ hasText: email });
    // The password the owner typed is to be changed at the first sign-in (issue #51): the row says so.
    expect((await added.locator("p").first().innerText()).replace(MUST_CHANGE, "")).toBe(`Yeni Personel · ${email} · Personel`);
    expect(await added.getByTestId("must-change-badge").innerText()).toBe(MUST_CHANGE);
    // A user added without a name is listed by e-mail once.
    const nameless = `isimsiz-${Date.now().toString(36)}@acme.test`;
    await page.getByLabel("E-posta").fill(nameless);
    await page.getByLabel("Ad soyad").fill("");
    await page.getByLabel("Geçici parola (en az 8 karakter)").fill("Gecici-Parola-2");
    await page.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await expect.poll(() => page.getByTestId("user-list").innerText()).toContain(nameless);
    const listed = page.getByTestId("user-list").getByRole("listitem").filter({ hasText: nameless });
    expect((await listed.locator("p").first().innerText()).replace(MUST_CHANGE, "")).toBe(`${nameless} · Personel`);

    const other = await newPage(chrome, "phone");
    await signIn(other, { email, password: "Gecici-Parola-1", role: "staff", tenant: "acme" });
    expect(await other.getByTestId("panel-user").innerText()).toContain(email);

    // The owner makes them an admin, then switches the account off: their open session ends at once.
    await page.reload();
    const member = page.getByTestId("user-list").getByRole("listitem").filter({ hasText: email });
    await member.getByText("Yeni Personel: rol ve hesap").click();
    await member.getByLabel("Rol").selectOption("admin");
    await member.getByRole("button", { name: "Rolü kaydet" }).click();
    await member.getByText("Rol değiştirildi: Yönetici. Bir sonraki sayfada geçerli olur.").waitFor();
    await expect.poll(() => member.locator("p").first().innerText()).toBe(`Yeni Personel · ${email} · Yönetici`);
    await member.getByRole("button", { name: "Hesabı devre dışı bırak" }).click();
    await member.getByRole("button", { name: "Evet, devre dışı bırak" }).click();
    await member.getByText("Hesap devre dışı bırakıldı; kullanıcı artık giriş yapamaz.").waitFor();
    await member.getByTestId("disabled-badge").waitFor();
    await other.goto(`${base}/panel`);
    await other.waitForURL(/\/panel\/login/);
    // The owner's own entry has no such controls; the action log names who did what.
    const self = page.getByTestId("user-list").getByRole("listitem").filter({ hasText: users.owner.email });
    expect(await self.getByTestId("member-controls").count()).toBe(0);
    const log = page.getByTestId("audit-log");
    await expect.poll(() => log.locator('[data-action="user.deactivate"]').count()).toBeGreaterThan(0);
    expect(await log.locator('[data-action="user.deactivate"]').first().innerText()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d \(GMT\+03:00\) · .+ Hesabı devre dışı bıraktı · Yeni Personel$/);
    expect(await log.locator('[data-action="user.role"]').count()).toBeGreaterThan(0);
    expect(await log.locator('[data-action="user.create"]').count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("shows the storage mode, edits the default validity and shows the SMS outbox", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.owner);
    await page.goto(`${base}/panel/settings`);
    expect(await page.getByTestId("storage-mode").innerText()).toContain("Merkezi");
    const field = page.getByLabel("Varsayılan geçerlilik süresi (saat, 1–720)");
    await field.fill("0");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("1 ile 720 arasında bir tam sayı olmalı").waitFor();
    await field.fill("48");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Ayarlar kaydedildi.").waitFor();
    await page.reload();
    expect(await page.getByLabel("Varsayılan geçerlilik süresi (saat, 1–720)").inputValue()).toBe("48");
    // decisions §23: the reminder is off (empty) until chosen, 1–168 hours; turned off again below.
    const reminder = page.getByLabel("Hatırlatma SMS'i (süre dolmadan kaç saat önce, 1–168)");
    expect(await reminder.inputValue()).toBe("");
    await reminder.fill("200");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Boş ya da 1 ile 168 arasında bir tam sayı olmalı.", { exact: true }).waitFor();
    await reminder.fill("24");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Ayarlar kaydedildi.").waitFor();
    await page.reload();
    expect(await page.getByLabel("Hatırlatma SMS'i (süre dolmadan kaç saat önce, 1–168)").inputValue()).toBe("24");
    await page.getByLabel("Hatırlatma SMS'i (süre dolmadan kaç saat önce, 1–168)").fill("");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Ayarlar kaydedildi.").waitFor();
    await page.reload();
    expect(await page.getByLabel("Hatırlatma SMS'i (süre dolmadan kaç saat önce, 1–168)").inputValue()).toBe("");
    await page.getByRole("heading", { name: "SMS giden kutusu (dosya sürücüsü)" }).waitFor();
    // An OTP sent to a patient is listed, but its code is not shown to staff (the server runs in production).
    const c = await createConsent(consentBody(await createTestTemplate({ key: keys.all }), { sms_gonder: true }), { key: keys.all });
    const otp = await fetch(`${base}/s/${new URL(c.link.url).pathname.split("/").pop()}/otp`, { method: "POST" });
    expect(otp.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(outbox().filter((l) => l.kind === "otp" && l.consent_id === c.id).at(-1)!.body)![1]!;
    await page.reload();
    const otpItem = page.getByRole("listitem").filter({ hasText: " otp " }).filter({ hasText: c.id });
    await otpItem.getByText("doğrulama kodu gizlendi").waitFor();
    // The number masked and the time as the panel writes times everywhere else.
    expect(await otpItem.locator("p").first().innerText()).toMatch(new RegExp(`^\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d \\(GMT\\+03:00\\) · otp · \\+90532\\*{5}\\d\\d · ${c.id}$`));
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.content()).not.toContain(code);
    await noHorizontalScroll(page, 360);
    // Put the tenant's default back for the other test files.
    await page.getByLabel("Varsayılan geçerlilik süresi (saat, 1–720)").fill("72");
    await page.getByRole("button", { name: "Kaydet", exact: true }).click();
    await page.getByText("Ayarlar kaydedildi.").waitFor();
  });
});
