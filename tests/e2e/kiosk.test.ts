// decisions §26, in-person identity (kiosk), through Chromium: a consent created with
// kimlik_dogrulama: "yuz_yuze" sends no SMS and asks no code; on a tablet the signed-in staff member
// opens the panel's kiosk view, confirms the identity document, and the person signs there; the
// evidence and the PDF name the staff member; leaving the kiosk takes their password again; the
// link opened anywhere else shows nothing personal and cannot send a code or sign.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumPerFile } from "./browser";
import { call, eventually, run } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf, outbox } from "../api/consent-helpers";
import { drawSignature, getConsent, phoneOf, tokenOf } from "./signing-helpers";
import { base, signIn, users } from "./panel-helpers";
import { signaturePng } from "../api/signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);
/** A 10-inch tablet in portrait, touch, Turkish: the clinic's device at the desk. */
const TABLET = { viewport: { width: 800, height: 1280 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: "tr-TR" };

describe("in-person identity on the clinic's tablet", () => {
  it("the link elsewhere shows nothing personal and sends no code; the kiosk opens it after the staff member's confirmation", { timeout: 120_000 }, async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod, { adsoyad: "Kiosk Hastası", kimlik_dogrulama: "yuz_yuze", sms_gonder: true }));
    expect(c.status).toBe("sent");
    // No SMS at all, though sms_gonder asked for one.
    expect(outbox().filter((l) => l.consent_id === c.id)).toEqual([]);
    expect((await eventsOf(c.id)).data.map((e) => e.event)).toEqual(["olusturuldu"]);

    // Anywhere else (the person's own phone): nothing personal, no code, no signature.
    const elsewhere = await phone();
    await elsewhere.goto(c.link.url);
    await elsewhere.getByTestId("in-person-only").getByText("Bu onam kurumda imzalanır").waitFor();
    const shown = await elsewhere.locator("body").innerText();
    expect(shown).not.toContain("Kiosk Hastası");
    expect(shown).not.toContain("*****");
    expect(await elsewhere.getByRole("button", { name: "SMS ile kod gönder" }).count()).toBe(0);
    const token = tokenOf(c);
    const otp = await fetch(`${base}/s/${token}/otp`, { method: "POST" });
    expect(otp.status).toBe(409);
    expect(((await otp.json()) as { reason: string }).reason).toBe("in_person");
    const body = JSON.stringify({ signature: await signaturePng(), read: true, understood: true });
    expect((await fetch(`${base}/s/${token}/sign`, { method: "POST", headers: { "Content-Type": "application/json" }, body })).status).toBe(401);
    const resend = await call("POST", `/v1/consents/${c.id}/resend`);
    expect(resend.status).toBe(409);

    // The tablet: the staff member signs in and opens the consent's kiosk view from its page.
    const tablet = await (await chrome.context(TABLET)).newPage();
    await signIn(tablet, users.owner);
    await tablet.goto(`${base}/panel/consents/${c.id}`);
    await tablet.getByTestId("kiosk-link").getByRole("link").click();
    await tablet.getByTestId("kiosk-start").getByText("Kiosk Hastası").waitFor();
    const start = tablet.getByRole("button", { name: "Kimliği doğruladım, kiosku başlat" });
    expect(await start.isDisabled()).toBe(true);
    // A tick before hydration is undone by it (CI once saw the button stay off): tick until it counts.
    await tablet.waitForLoadState("networkidle");
    await expect
      .poll(async () => (await start.isEnabled()) || (await tablet.getByText("Kişinin kimlik belgesini kontrol ettim").click(), false), { timeout: 20_000, interval: 500 })
      .toBe(true);
    await start.click();
    await tablet.waitForURL(c.link.url);

    // The person reads and signs on the tablet, without a code.
    await tablet.getByRole("heading", { name: "Onam metni" }).waitFor();
    expect(await tablet.locator("body").innerText()).toContain("Kiosk Hastası");
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.viewport.width);
    await tablet.getByText("Okudum.").click();
    await tablet.getByText("Anladım.").click();
    await drawSignature(tablet);
    await tablet.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" }).click();
    await tablet.getByRole("heading", { name: "Onamınız alındı" }).waitFor();

    // The panel stays locked on the tablet: any panel page sends to the exit, which takes the password.
    await tablet.goto(`${base}/panel/consents`);
    await tablet.waitForURL(`${base}/panel/kiosk/cikis`);
    await tablet.getByLabel("Parolanız").fill("yanlis-parola");
    await tablet.getByRole("button", { name: "Kiosktan çık" }).click();
    await tablet.getByRole("alert").getByText("parola hatalı").waitFor();
    await tablet.goto(`${base}/panel`);
    await tablet.waitForURL(`${base}/panel/kiosk/cikis`);
    await tablet.getByLabel("Parolanız").fill(users.owner.password);
    await tablet.getByRole("button", { name: "Kiosktan çık" }).click();
    await tablet.waitForURL(`${base}/panel/consents`);
    await tablet.getByTestId("panel-user").waitFor();

    // The evidence names the staff member; so does the PDF.
    const events = (await eventsOf(c.id)).data;
    const confirmed = events.filter((e) => e.event === "kimlik_dogrulandi");
    expect(confirmed).toHaveLength(1);
    const staff = (confirmed[0]!.data as { staff: string }).staff;
    expect(confirmed[0]).toMatchObject({ actor: expect.stringMatching(/^panel:/), data: { method: "yuz_yuze", staff: expect.any(String) } });
    expect(staff.length).toBeGreaterThan(0);
    const names = events.map((e) => e.event);
    expect(names).not.toContain("otp_gonderildi");
    expect(names.indexOf("kimlik_dogrulandi")).toBeLessThan(names.indexOf("imzalandi"));
    const done = await eventually(async () => {
      const now = await getConsent(c.id);
      return now.status === "completed" && now.document ? now : null;
    }, 60_000);
    const file = path.join(run.dataDir, `${c.id}-kiosk.pdf`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.document!.pdf_url)).arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    fs.rmSync(file);
    expect(text).toContain(`Kimlik yüz yüze doğrulandı: ${staff}`);

    // A second confirmation of a signed consent opens nothing.
    await tablet.goto(`${base}/panel/kiosk/${c.id}`);
    await tablet.getByText("Bu onam artık imzaya açık değil.").waitFor();
  });

  it("is made from the panel's Yeni onam without the API: no SMS, no code, its page opens the kiosk", { timeout: 60_000 }, async () => {
    const kod = await createTestTemplate();
    const tablet = await (await chrome.context(TABLET)).newPage();
    await signIn(tablet, users.owner);
    await tablet.goto(`${base}/panel/consents/new`);
    await tablet.waitForLoadState("networkidle");
    await tablet.getByLabel("Şablon").selectOption(kod);
    await tablet.getByLabel("Ad soyad").fill("Panel Kiosk Hastası");
    await tablet.getByLabel("Cep telefonu").fill("0532 765 43 21");
    await tablet.getByLabel("Diş numarası").fill("21");
    await tablet.getByLabel(/Kurumun tabletinde \(kiosk\)/).check();
    await tablet.getByRole("button", { name: "Onam oluştur" }).click();
    await tablet.waitForURL(/\/panel\/consents\/ons_/);
    const id = decodeURIComponent(new URL(tablet.url()).pathname.split("/").pop()!);
    await tablet.getByTestId("kiosk-link").getByRole("link").waitFor();
    expect(outbox().filter((l) => l.consent_id === id)).toEqual([]);
    // The link elsewhere asks no code: the consent is in-person only.
    const token = tokenOf(await getConsent(id));
    expect((await fetch(`${base}/s/${token}/otp`, { method: "POST" })).status).toBe(409);
  });
});
