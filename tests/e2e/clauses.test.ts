// decisions §26 through Chromium on a phone: the signing page shows each clause with a tick, says
// which are required, keeps the approve button off until the required ones are ticked, and the
// answers (an optional one left unticked) reach the consent object and the evidence.
import { describe, expect, it } from "vitest";
import { chromiumPerFile, recordCspViolations } from "./browser";
import { call } from "../api/client";
import { consentBody, createConsent, eventsOf, uniq } from "../api/consent-helpers";
import { drawSignature, noHorizontalScroll, openShortLink, phoneOf, verify } from "./signing-helpers";
import { base, newPage, publish, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

const KVKK = { kod: "kvkk", metin: "KVKK aydınlatma metnini okudum.", zorunlu: true };
const FOTO = { kod: "foto", metin: "Tedavi fotoğraflarımın eğitimde kullanılmasına izin veriyorum.", zorunlu: false };

type WithClauses = { status: string; clauses: { code: string; accepted: boolean }[] | null };

describe("clauses on the signing page", () => {
  it("needs the required clause ticked to sign, records the optional one unticked", async () => {
    const kod = uniq("madde-e2e");
    const res = await call("POST", "/v1/templates", {
      body: { kod, baslik: "İmplant", govde: "<p>Sayın {adsoyad}, implant tedavisi.</p>", yayimla: true, maddeler: [KVKK, FOTO] },
    });
    expect(res.status, res.text).toBe(201);
    const c = await createConsent(consentBody(kod));
    const page = await phone();
    const csp = await recordCspViolations(page);
    await openShortLink(page, c);
    await verify(page, c);
    await page.getByText("Okudum.", { exact: true }).click();
    await page.getByText("Anladım.", { exact: true }).click();

    const box = page.getByTestId("clauses");
    await box.getByText("Onam maddeleri").waitFor();
    await box.getByText(KVKK.metin).waitFor();
    await box.getByText(FOTO.metin).waitFor();
    expect(await box.locator('[data-clause="kvkk"]').innerText()).toContain("(zorunlu)");
    expect(await box.locator('[data-clause="foto"]').innerText()).toContain("(isteğe bağlı)");
    await noHorizontalScroll(page);

    await drawSignature(page);
    const approve = page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" });
    // The required clause unticked: the page says so and the button stays off.
    await page.getByText("zorunlu maddeleri işaretleyin").waitFor();
    expect(await approve.isDisabled()).toBe(true);
    const kvkkBox = box.locator('[data-clause="kvkk"] input[type="checkbox"]');
    await kvkkBox.click();
    expect(await kvkkBox.isChecked()).toBe(true);
    expect(await page.getByText("zorunlu maddeleri işaretleyin").count()).toBe(0);
    await approve.click();
    await page.getByRole("heading", { name: "Onamınız alındı" }).waitFor();
    expect(await csp()).toEqual([]);

    const after = await call<WithClauses>("GET", `/v1/consents/${c.id}`);
    expect(after.body.clauses).toEqual([
      expect.objectContaining({ code: "kvkk", accepted: true }),
      expect.objectContaining({ code: "foto", accepted: false }),
    ]);
    const answered = (await eventsOf(c.id)).data.filter((e) => e.event === "maddeler_yanitlandi");
    expect(answered.map((e) => e.data)).toEqual([{ accepted: ["kvkk"], declined: ["foto"] }]);
  });

  it("are edited in the panel's template editor: the rows shown, a clause added and published", async () => {
    const kod = uniq("madde-panel");
    expect((await call("POST", "/v1/templates", { body: { kod, baslik: "Panel", govde: "<p>{adsoyad}</p>", yayimla: true, maddeler: [KVKK, FOTO] } })).status).toBe(201);
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.owner);
    await page.goto(`${base}/panel/templates/${kod}`);
    const editor = page.getByTestId("clauses-tr");
    expect(await editor.getByTestId("clause-row").count()).toBe(2);
    // The rows' values arrive with hydration (react-hook-form fills registered inputs on mount).
    await expect.poll(() => editor.getByLabel("1. madde").inputValue(), { timeout: 20_000 }).toBe(KVKK.metin);
    expect(await editor.getByRole("checkbox", { name: "Zorunlu" }).first().isChecked()).toBe(true);
    await editor.getByRole("button", { name: "Madde ekle" }).click();
    await editor.getByLabel("Kod").nth(2).fill("arastirma");
    await editor.getByLabel("3. madde").fill("Verilerimin araştırmada kullanılmasına izin veriyorum.");
    await publish(page);
    await page.getByTestId("form-notice").waitFor();
    const detail = await call<{ version: number; clauses: Record<string, unknown[]> }>("GET", `/v1/templates/${kod}`);
    expect(detail.body.version).toBe(2);
    expect(detail.body.clauses.tr).toEqual([
      { code: "kvkk", text: KVKK.metin, required: true },
      { code: "foto", text: FOTO.metin, required: false },
      { code: "arastirma", text: "Verilerimin araştırmada kullanılmasına izin veriyorum.", required: false },
    ]);
  });
});
