// Re-consent in the panel (decisions §22, §26) through Chromium on a phone: a material change published
// from the template's editor with its note; the template's page then lists the completed consents awaiting re-consent, and one action sends them all
// within the quota, saying how many were sent; each consent's page then names the other. Held to
// axe-core's rules and to no CSP violation.
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { call, DOCUMENT_WAIT_MS, eventually } from "../api/client";
import { consentBody, createConsent, createTestTemplate } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();

type Read = { status: string; document: unknown; timestamp: { status: string }; reconsent_required: boolean; replaced_by: string | null };
const read = async (id: string) => (await call<Read>("GET", `/v1/consents/${id}`)).body;

describe("panel re-consent", () => {
  it("lists a template's consents awaiting re-consent on a phone and sends them all in one action", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod));
    const cookie = await verifiedSession(tokenOf(c), c.id);
    expect((await signer(tokenOf(c), "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    await eventually(async () => {
      const got = await read(c.id);
      return got.document && got.timestamp.status !== "queued" ? got : null;
    }, DOCUMENT_WAIT_MS);
    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    // An admin: publishing is theirs (lib/users/roles.ts).
    await signIn(page, users.admin);
    // decisions §26: the panel's publish asks formal or material, and a material one its note.
    await page.goto(`${base}/panel/templates/${kod}`);
    // decisions §25: the SKS document code, printed in every page's header.
    await page.getByLabel("Doküman kodu (SKS, isteğe bağlı)").fill("HYS.RB.12");
    await page.getByRole("button", { name: "Kaydet ve yayımla" }).click();
    await page.getByLabel(/^Esaslı/).check();
    await page.getByLabel("Değişiklik notu").fill("Yeni riskler eklendi.");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Evet, yayımla" }).click();
    await expect.poll(() => page.getByText("Sürüm 2 yayımlandı.").count(), { timeout: 20_000 }).toBe(1);
    expect((await call<{ change_notes?: Record<string, string>; document_code?: string | null }>("GET", `/v1/templates/${kod}`)).body).toMatchObject({
      change_notes: { tr: "Yeni riskler eklendi." },
      document_code: "HYS.RB.12",
    });
    await eventually(async () => (await read(c.id)).reconsent_required || null, 20_000);
    await page.goto(`${base}/panel/templates/${kod}/reconsent`);
    await expect.poll(() => page.getByTestId("reconsent-list").innerText()).toContain(c.id);
    expect(await page.getByTestId("reconsent-list").innerText()).toContain("Henüz gönderilmedi");
    await noHorizontalScroll(page, 360);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Tümüne yeniden onam gönder" }).click();
    await expect.poll(() => page.getByTestId("reconsent-result").innerText(), { timeout: 20_000 }).toBe("1 yeniden onam gönderildi.");
    const renewed = (await read(c.id)).replaced_by;
    expect(renewed).toMatch(/^ons_/);
    await expect.poll(() => page.getByTestId("reconsent-list").innerText()).toContain(renewed!);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await csp()).toEqual([]);

    // Sent once: a second action finds nothing left without a re-consent.
    await page.getByRole("button", { name: "Tümüne yeniden onam gönder" }).click();
    await expect.poll(() => page.getByTestId("reconsent-result").innerText()).toBe("0 yeniden onam gönderildi.");

    // Each consent's page names the other.
    await page.goto(`${base}/panel/consents/${c.id}`);
    expect(await page.getByText("Yeniden onam", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()).toBe(renewed);
    await page.goto(`${base}/panel/consents/${renewed}`);
    expect(await page.getByText("Yenilediği onam", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()).toBe(c.id);
  });
});
