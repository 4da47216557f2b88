// Templates and consents in the panel through Chromium: create a template, publish it (with its
// version hash), use it for a consent created in the panel for in-person signing (QR + link), refuse
// bad input with field errors, find consents by the person, cancel and record a withdrawal with a
// confirmation step, and keep other tenants out.
import { formatWhen } from "@/lib/i18n/format";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { base, htmlBox, newPage, noHorizontalScroll, publish, signIn, users } from "./panel-helpers";
import { call, DOCUMENT_WAIT_MS, eventually, keys } from "../api/client";
import { consentBody, createConsent, createTestTemplate, e164, outbox, quotaOf, testPhone, validTc } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();

const code = `panel-${Date.now().toString(36)}`;
let consentUrl = "";

/** The value beside a label in the consent page's details. */
function detail(page: Page, label: string): Promise<string> {
  return page.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]").innerText();
}

describe("panel templates and consents", () => {
  it("creates a template, previews it sanitized, publishes it as version 1", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/new`);
    await page.getByLabel("Kod", { exact: true }).fill(code);
    await page.getByLabel("Başlık", { exact: true }).fill("Panel Test Onamı");
    await (await htmlBox(page)).fill('<p>Sayın {adsoyad}, {dis_no} numaralı diş.</p><script>alert(1)</script><img src=x onerror="alert(2)">');
    await page.getByRole("button", { name: "Değişken ekle" }).click();
    await page.getByLabel("Ad", { exact: true }).fill("dis_no");
    await page.getByLabel("Etiket").fill("Diş numarası");
    await page.getByLabel("Tip").selectOption("sayi");
    await page.getByLabel("Zorunlu").check();
    // The preview is the server's sanitized body with sample values.
    await expect.poll(() => page.getByTestId("template-preview").innerHTML()).toContain("Sayın Ayşe Yılmaz, 12 numaralı diş.");
    const preview = await page.getByTestId("template-preview").innerHTML();
    expect(preview).not.toContain("<script");
    expect(preview).not.toContain("<img");
    // What saving removes is named above the text.
    expect(await page.getByTestId("template-preview").locator("[data-stripped]").innerText()).toBe("Kaydederken kaldırılacak: <script>, <img>");

    await publish(page);
    await page.waitForURL(`${base}/panel/templates/${code}`);
    await page.getByTestId("version-list").locator('[data-version="1"]').waitFor();
    const api = await call<{ version: number; content_hash: string }>("GET", `/v1/templates/${code}`);
    expect(api.status).toBe(200);
    expect(api.body.version).toBe(1);
    expect(await page.getByTestId("version-list").innerText()).toContain(api.body.content_hash);

    // An edit is a draft until published; publishing makes version 2 and keeps version 1's hash.
    await page.getByLabel("Başlık", { exact: true }).fill("Panel Test Onamı (2)");
    await page.getByRole("button", { name: "Taslak olarak kaydet" }).click();
    await page.getByText("Kaydedildi.").waitFor();
    await expect.poll(() => page.getByTestId("template-state").innerText()).toContain("Yayımlanmamış değişiklik var");
    await publish(page);
    await page.getByTestId("version-list").locator('[data-version="2"]').waitFor();
    expect(await page.getByTestId("version-list").locator('[data-version="1"]').innerText()).toContain(api.body.content_hash);
  });

  it("shows field errors for bad template input instead of failing", async () => {
    const page = await newPage(chrome, "phone");
    const cspViolations = await recordCspViolations(page);
    await signIn(page, users.admin);
    await page.goto(`${base}/panel/templates/new`);
    await page.getByLabel("Kod", { exact: true }).fill(code); // taken: the server answers invalid_state
    await page.getByLabel("Başlık", { exact: true }).fill("Kopya");
    await (await htmlBox(page)).fill("<p>metin</p>");
    await page.getByRole("button", { name: "Taslak olarak kaydet" }).click();
    await expect.poll(() => page.getByTestId("form-error").textContent()).toContain("zaten var");
    await (await htmlBox(page)).fill("<script>only()</script>");
    await page.getByLabel("Kod", { exact: true }).fill(`${code}-x`);
    await page.getByRole("button", { name: "Taslak olarak kaydet" }).click();
    await expect.poll(() => page.getByText("güvenli olmayan içerik temizlendikten sonra boş kaldı").count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    await noHorizontalScroll(page, 360);
  });

  it("creates a consent from the published template for in-person signing and shows its QR code", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents/new`);
    await page.getByLabel("Şablon").selectOption(code);
    await page.getByLabel("Ad soyad").fill("Al");
    await page.getByLabel("Cep telefonu").fill("12345");
    await page.getByRole("button", { name: "Onam oluştur" }).click();
    // Client-side checks with the API's schema.
    await page.getByText("en az 3 karakter olmalı").waitFor();
    await page.getByText("geçerli bir Türkiye cep telefonu numarası değil").waitFor();

    await page.getByLabel("Ad soyad").fill("Panel Hastası");
    await page.getByLabel("Cep telefonu").fill("0532 123 45 67");
    await page.getByLabel("Dış referans (protokol no)").fill(`REF-${code}`);
    // Without the required variable, the server refuses and names it.
    await page.getByRole("button", { name: "Onam oluştur" }).click();
    await expect.poll(() => page.getByTestId("form-error").textContent()).toContain("dis_no");
    await page.getByLabel("Diş numarası").fill("36");
    await page.getByLabel("Onaylayan", { exact: true }).selectOption("veli");
    await page.getByLabel("Onaylayanın adı").fill("Deniz Hastası");
    await page.getByLabel("Yakınlık").fill("annesi");
    // decisions §26: the whole form from the panel — a witness, and the physician's countersignature.
    await page.getByLabel("Tanığın adı (varsa; kişiden sonra o da imzalar)").fill("Hemşire Ayla Tan");
    await page.getByLabel("Bilgilendiren hekimin imzası").selectOption("true");
    await page.getByRole("button", { name: "Onam oluştur" }).click();
    await page.waitForURL(/\/panel\/consents\/ons_/);
    consentUrl = page.url();
    // Who signs for whom, in words (the approver type once showed as its code, "veli").
    await page.getByText("Veli · Deniz Hastası · annesi", { exact: true }).waitFor();
    expect(await detail(page, "Metnin dili")).toBe("Türkçe");
    // The evidence in words beside its codes: what happened, and who did it.
    const first = page.getByTestId("evidence-record").first();
    expect(await first.innerText()).toMatch(/^#1 Onam oluşturuldu\n+olusturuldu · \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d \(GMT\+03:00\) · Panel kullanıcısı Test staff\n/);
    const qr = page.getByTestId("signing-qr");
    await qr.getByRole("img", { name: "İmza bağlantısının QR kodu" }).locator("svg").waitFor();
    const box = await qr.getByRole("img", { name: "İmza bağlantısının QR kodu" }).boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    const link = await page.getByTestId("signing-link").textContent();
    expect(link).toMatch(new RegExp(`^${base}/s/[A-Za-z0-9_-]{43}$`));
    await page.getByTestId("chain-verdict").and(page.locator('[data-ok="true"]')).waitFor();
    await noHorizontalScroll(page, 360);
    await page.screenshot({ path: path.join(SHOTS, "panel-consent-qr-phone.png"), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    const id = consentUrl.split("/").pop()!;
    const api = await call<{ template: { code: string; version: number }; link: { url: string }; external_ref: string; witness: unknown; physician_countersign: unknown }>("GET", `/v1/consents/${id}`);
    expect(api.body.template).toMatchObject({ code, version: 2 });
    expect(api.body.witness).toEqual({ name: "Hemşire Ayla Tan" });
    expect(api.body.physician_countersign).toMatchObject({ required: true });
    expect(api.body.link.url).toBe(link);
    expect(api.body.external_ref).toBe(`REF-${code}`);
  });

  it("lists and filters consents by external reference", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents?external_ref=REF-${code}`);
    expect(await page.getByTestId("consent-list").locator("li").count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${base}/panel/consents?from=2026-13-45`);
    await page.getByRole("alert").filter({ hasText: "YYYY-AA-GG" }).waitFor();
    await page.goto(`${base}/panel/consents?status=cancelled&external_ref=REF-${code}`);
    await page.getByText("Koşullara uyan onam yok.").waitFor();
  });

  it("finds consents by the person: words of a name however typed, the phone or the national id, never another tenant's", async () => {
    // A surname of letters only, its own in this database.
    const s = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
    const kod = await createTestTemplate();
    const tc = validTc();
    const telefon = testPhone();
    const patient = await createConsent(consentBody(kod, { adsoyad: `Şükran Öztürk${s}`, tc, telefon, dis_hasta_id: `HST-${s}` }));
    const child = await createConsent(consentBody(kod, { adsoyad: `Ali Öztürk${s}`, onaylayan_tip: "veli", onaylayan_ad: `Gülşen Kaya${s}`, yakinlik: "anne" }));
    const otherKod = await createTestTemplate({ key: keys.other });
    const elsewhere = await createConsent(consentBody(otherKod, { adsoyad: `Şükran Öztürk${s}` }), { key: keys.other });

    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents`);
    const search = async (p: Page, q: string) => {
      const before = p.url();
      await p.getByLabel("Kişi ara").fill(q);
      await p.getByRole("button", { name: "Filtrele" }).click();
      await p.waitForURL((u) => u.href !== before && u.searchParams.has("s"));
      // The address carries the search encrypted (the search token), never as typed (browser history, proxy logs).
      expect(decodeURIComponent(p.url()).toLowerCase()).not.toContain(s);
      expect(p.url()).not.toContain(tc);
      expect(await p.getByLabel("Kişi ara").inputValue()).toBe(q);
    };
    const listed = async (q: string) => {
      await search(page, q);
      const list = page.getByTestId("consent-list");
      if (!(await list.isVisible())) return [];
      return (await list.getByTestId("consent-id").allInnerTexts()).sort();
    };
    expect(await listed(`ozturk${s}`)).toEqual([patient.id, child.id].sort());
    expect(await listed(`SUKRAN Öztürk${s}`)).toEqual([patient.id]);
    expect(await listed(`kaya${s}`)).toEqual([child.id]); // the approver's name
    expect(await listed(`Ayşe Öztürk${s}`)).toEqual([]);
    expect(await listed(`öztür`)).toEqual([]); // whole words only
    // The phone as written when the consent was made, and as E.164 with spaces.
    expect(await listed(telefon)).toEqual([patient.id]);
    expect(await listed(e164(telefon).replace(/^(\+90)(\d{3})/, "$1 $2 "))).toEqual([patient.id]);
    expect(await listed(tc)).toEqual([patient.id]);
    // The hospital's patient number names a person too: it is encrypted into the address with the search.
    await page.getByLabel("Hasta numarası").fill(`HST-${s}`);
    expect(await listed("")).toEqual([patient.id]);
    expect(decodeURIComponent(page.url())).not.toContain(`HST-${s}`);
    expect(new URL(page.url()).searchParams.has("external_patient_id")).toBe(false);
    expect(await page.getByLabel("Hasta numarası").inputValue()).toBe(`HST-${s}`);
    await page.getByLabel("Hasta numarası").fill("");
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Nothing to search by: the field says what to enter, and nothing is listed.
    await page.getByLabel("Kişi ara").fill("a.");
    await page.getByRole("button", { name: "Filtrele" }).click();
    await page.getByText("en az iki harfli bir sözcük").waitFor();
    expect(await page.getByLabel("Kişi ara").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("consent-list").count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The other tenant finds its own person of the same name, and only that one; the address of
    // acme's search, opened there, opens no search.
    await search(page, `ozturk${s}`);
    const acmeSearch = page.url();
    const other = await newPage(chrome, "desktop");
    await signIn(other, users.other_owner);
    await other.goto(`${base}/panel/consents`);
    await search(other, `ozturk${s}`);
    expect(await other.getByTestId("consent-list").getByTestId("consent-id").allInnerTexts()).toEqual([elsewhere.id]);
    await other.goto(acmeSearch);
    await other.getByText("Bu arama bu adresten yeniden açılamıyor").waitFor();
    expect(await other.getByTestId("consent-list").count()).toBe(0);
  });

  it("resends the signing link by SMS only after the confirmation step, for one unit", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.staff);
    await page.goto(consentUrl);
    const id = consentUrl.split("/").pop()!;
    const links = () => outbox().filter((l) => l.kind === "link" && l.consent_id === id);
    const sent = links().length;
    const quota = await quotaOf();

    await page.getByRole("button", { name: "Bağlantıyı yeniden gönder" }).click();
    await page.getByText("İmza bağlantısı aynı telefona SMS ile yeniden gönderilecek (1 kontör). Emin misiniz?").waitFor();
    await page.getByRole("button", { name: "Vazgeç" }).click();
    expect(await quotaOf()).toBe(quota);

    await page.getByRole("button", { name: "Bağlantıyı yeniden gönder" }).click();
    await page.getByRole("button", { name: "Evet, gönder" }).click();
    await expect.poll(() => page.getByTestId("action-message").textContent()).toBe("İmza bağlantısı aynı telefona yeniden gönderildi (1 SMS kontörü).");
    await expect.poll(() => links().length, { timeout: 15_000 }).toBe(sent + 1);
    const sms = links().at(-1)!;
    expect(sms.to).toBe("+905321234567");
    const { body } = await call<{ link: { short: string } }>("GET", `/v1/consents/${id}`);
    expect(sms.body).toContain(body.link.short);
    expect(await quotaOf()).toBe(quota - 1);
    await noHorizontalScroll(page, 360);
  });

  it("cancels a consent only after the confirmation step", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    await page.goto(consentUrl);
    await page.getByRole("button", { name: "Onamı iptal et" }).click();
    await page.getByText("Bu onam iptal edilecek ve imza bağlantısı çalışmayacak. Emin misiniz?").waitFor();
    await page.getByRole("button", { name: "Vazgeç" }).click();
    const id = consentUrl.split("/").pop()!;
    expect((await call<{ status: string }>("GET", `/v1/consents/${id}`)).body.status).toBe("sent");

    await page.getByRole("button", { name: "Onamı iptal et" }).click();
    await page.getByLabel("İptal gerekçesi (isteğe bağlı)").fill("Hasta vazgeçti");
    await page.getByRole("button", { name: "Evet, iptal et" }).click();
    await page.locator('[data-status="cancelled"]').first().waitFor();
    await expect.poll(() => page.getByTestId("action-message").textContent()).toBe("Onam iptal edildi; imza bağlantısı artık çalışmıyor.");
    expect(await page.getByTestId("signing-qr").count()).toBe(0);
    const after = await call<{ status: string; cancel_reason: string }>("GET", `/v1/consents/${id}/events`);
    expect(JSON.stringify(after.body)).toContain(`"event":"iptal_edildi"`);
    expect(JSON.stringify(after.body)).toContain("panel:");
    const c = await call<{ status: string; cancel_reason: string; cancelled_at: string }>("GET", `/v1/consents/${id}`);
    expect(c.body).toMatchObject({ status: "cancelled", cancel_reason: "Hasta vazgeçti" });
    expect(await detail(page, "İptal gerekçesi")).toBe("Hasta vazgeçti");
    // decisions §25: a time for people says its zone (the servers run with the default APP_TIMEZONE, Istanbul).
    expect(await detail(page, "İptal zamanı")).toBe(formatWhen(c.body.cancelled_at, "tr", "Europe/Istanbul"));
    expect(await detail(page, "İptal zamanı")).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(GMT\+03:00\)$/);
  });

  it("records a withdrawal of a signed consent only after the confirmation step", async () => {
    const c = await createConsent(consentBody(code, { telefon: "0532 400 40 41" }));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    await page.goto(`${base}/panel/consents/${c.id}`);
    await page.getByRole("button", { name: "Geri alındı olarak kaydet" }).click();
    await page.getByText("Kişinin imzaladığı onamı geri aldığı kaydedilecek", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Vazgeç" }).click();
    expect((await call<{ status: string }>("GET", `/v1/consents/${c.id}`)).body.status).toBe("completed");

    await page.getByRole("button", { name: "Geri alındı olarak kaydet" }).click();
    await page.getByLabel("Geri alma gerekçesi (isteğe bağlı)").fill("Telefonla bildirdi");
    await page.getByRole("button", { name: "Evet, geri alındı olarak kaydet" }).click();
    await page.locator('[data-status="withdrawn"]').first().waitFor();
    expect(await page.getByRole("button", { name: "Geri alındı olarak kaydet" }).count()).toBe(0);
    await expect.poll(() => page.getByTestId("action-message").textContent()).toBe("Geri alma kaydedildi; belge ve kanıtlar saklanıyor.");
    const after = await call<{ status: string; withdraw_reason: string; withdrawn_at: string }>("GET", `/v1/consents/${c.id}`);
    expect(after.body).toMatchObject({ status: "withdrawn", withdraw_reason: "Telefonla bildirdi" });
    expect(await detail(page, "Geri alma gerekçesi")).toBe("Telefonla bildirdi");
    expect(await detail(page, "Geri alınma zamanı")).toBe(formatWhen(after.body.withdrawn_at, "tr", "Europe/Istanbul"));
    expect(await page.getByText("İptal gerekçesi", { exact: true }).count()).toBe(0);
    // Opened again, a withdrawn consent has nothing left to do: no empty actions card.
    await page.reload();
    await page.getByText("Geri alma gerekçesi", { exact: true }).waitFor();
    expect(await page.getByTestId("consent-actions").count()).toBe(0);
    const events = await call("GET", `/v1/consents/${c.id}/events`);
    expect(JSON.stringify(events.body)).toMatch(/"event":"geri_alindi"[^}]*"actor":"panel:/);
    // issue #51: the sealed withdrawal receipt, made off the request, joins the Belgeler card beside the document.
    const receipt = await eventually(async () => (await call<{ withdrawal_receipt: { sha256: string } | null }>("GET", `/v1/consents/${c.id}`)).body.withdrawal_receipt, DOCUMENT_WAIT_MS);
    await page.reload();
    const receiptLink = page.getByTestId("download-receipt");
    expect(await receiptLink.textContent()).toBe("Geri Çekme Tutanağı (PDF)");
    const receiptPdf = Buffer.from(await (await fetch((await receiptLink.getAttribute("href"))!)).arrayBuffer());
    expect(createHash("sha256").update(receiptPdf).digest("hex")).toBe(receipt.sha256);
    await page.getByText(receipt.sha256).waitFor();

    // The dashboard counts it under its own status, with a bar of its own colour (it once had none).
    await page.goto(`${base}/panel`);
    const row = page.getByTestId("status-chart").locator("li").filter({ has: page.locator('[data-status="withdrawn"]') });
    expect(Number(await row.locator('[data-status="withdrawn"]').textContent())).toBeGreaterThan(0);
    expect(await row.locator("[aria-hidden] > span").evaluate((bar) => getComputedStyle(bar).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  });

  it("keeps another tenant's owner out of acme's consent", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.other_owner);
    const res = await page.goto(consentUrl);
    expect(res?.status()).toBe(404);
    await page.goto(`${base}/panel/consents?external_ref=REF-${code}`);
    await page.getByText("Koşullara uyan onam yok.").waitFor();
  });
});
