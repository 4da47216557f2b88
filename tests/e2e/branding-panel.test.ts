// decisions §23, issue #42: the owner sets the institution's logo and details on the settings page,
// through Chromium; what is not right gets an error at its field, never a 500; the panel's routes
// answer 422 naming the field, refuse a request from another origin and a member who is not the owner.
import { afterAll, describe, expect, it } from "vitest";
import { chromiumPerFile } from "./browser";
import { base, newPage, signIn, users } from "./panel-helpers";
import { shot } from "./signing-helpers";
import { BRANDING, clearBranding, otherOwner, panelPut, PHONE_DISPLAY } from "./branding-helpers";
import { HOSTILE_SVG, HTML_PAGE, largePng, logoPng } from "@/tests/fixtures/logos";

const chrome = chromiumPerFile();

afterAll(async () => {
  await clearBranding(await otherOwner(chrome));
});

describe("the branding section of the settings page", () => {
  it("uploads a logo (a hostile SVG comes back sanitized), refuses an HTML page named .png, saves the details with field errors first", async () => {
    const page = await otherOwner(chrome);
    await page.goto(`${base}/panel/settings`);
    await page.getByRole("heading", { name: "Kurum bilgileri ve logo" }).waitFor();
    await page.getByText("Logo yok").waitFor();

    await page.getByLabel("Logo dosyası").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(HOSTILE_SVG) });
    await page.getByRole("button", { name: "Logoyu yükle" }).click();
    await page.getByText("Logo kaydedildi. Güvenlik için SVG'den çıkarılanlar: image, on*, script.").waitFor();
    const preview = page.getByTestId("branding-logo-current");
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.getByLabel("Logo dosyası").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(HTML_PAGE) });
    await page.getByRole("button", { name: "Logoyu yükle" }).click();
    expect(await page.getByTestId("branding-logo-error").textContent()).toBe("Dosya bir PNG görüntüsü değil.");
    await page.getByLabel("Logo dosyası").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
    await page.getByRole("button", { name: "Logoyu yükle" }).click();
    await page.getByText("Logo kaydedildi.", { exact: true }).waitFor();

    await page.getByLabel("Adres", { exact: true }).fill(BRANDING.address);
    await page.getByLabel("Telefon", { exact: true }).fill("12345");
    await page.getByLabel("KVKK aydınlatma metni adresi").fill("http://baska-vet.example/kvkk");
    await page.getByLabel("SMS gönderici adı (başlık)").fill(BRANDING.smsSender);
    await page.getByRole("button", { name: "Bilgileri kaydet" }).click();
    await page.getByText("https:// ile başlayan bir adres olmalı.", { exact: true }).waitFor();
    await page.getByText(/^Geçerli bir telefon numarası olmalı/).waitFor();
    expect(await page.getByLabel("Telefon", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Telefon", { exact: true }).fill(BRANDING.phone);
    await page.getByLabel("KVKK aydınlatma metni adresi").fill(BRANDING.privacyUrl);
    await page.getByRole("button", { name: "Bilgileri kaydet" }).click();
    await page.getByText("Kurum bilgileri kaydedildi.").waitFor();

    // As saved, after a reload: the phone written as people read it.
    await page.reload();
    expect(await page.getByLabel("Telefon", { exact: true }).inputValue()).toBe(PHONE_DISPLAY);
    expect(await page.getByLabel("Adres", { exact: true }).inputValue()).toBe(BRANDING.address);
    expect(await page.getByLabel("SMS gönderici adı (başlık)").inputValue()).toBe(BRANDING.smsSender);
    await shot(page, "branding-settings-1280");

    // The action log names what changed.
    await page.goto(`${base}/panel/team`);
    await page.getByText("Kurum logosunu yükledi").first().waitFor();
    await page.getByText("Kurum bilgilerini (adres, telefon, aydınlatma metni, SMS başlığı) değiştirdi").first().waitFor();
  });

  it("answers 422 problem+json naming the field for a 201 KB logo, a PNG sent as SVG and a 12-character sender name", async () => {
    const page = await otherOwner(chrome);
    for (const [body, type] of [
      [await largePng(), "image/png"],
      [await logoPng(), "image/svg+xml"],
      [Buffer.from(HTML_PAGE), "image/svg+xml"],
      [Buffer.from("GIF89a"), "image/gif"],
    ] as const) {
      const res = await panelPut(page, "/panel/settings/branding/logo", body, type);
      expect(res.status(), type).toBe(422);
      expect(res.headers()["content-type"]).toMatch(/^application\/problem\+json/);
      const problem = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(problem.errors)).toEqual(["logo"]);
    }
    const res = await panelPut(page, "/panel/settings/branding", { ...BRANDING, smsSender: "BASKAVETKLNK", privacyUrl: "http://baska-vet.example/" });
    expect(res.status()).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors).sort()).toEqual(["privacyUrl", "smsSender"]);
    // Not JSON at all: 415, no 500.
    expect((await panelPut(page, "/panel/settings/branding", "address=x", "application/x-www-form-urlencoded")).status()).toBe(415);
  });

  it("refuses a write from another origin, a member who is not the owner, and no session", async () => {
    const page = await otherOwner(chrome);
    const foreign = await page.request.put(`${base}/panel/settings/branding`, { headers: { Origin: "https://evil.example" }, data: BRANDING });
    expect(foreign.status()).toBe(403);
    const staff = await newPage(chrome, "desktop");
    await signIn(staff, users.staff);
    expect((await panelPut(staff, "/panel/settings/branding", BRANDING)).status()).toBe(403);
    expect((await fetch(`${base}/panel/settings/branding/logo`, { method: "DELETE", headers: { Origin: base } })).status).toBe(401);
  });
});
