// Re-consent in the panel (decisions §22) through Chromium on a phone: after a material change of a
// template, its page lists the completed consents awaiting re-consent, and one action sends them all
// within the quota, saying how many were sent; each consent's page then names the other. Held to
// axe-core's rules and to no CSP violation.
import { describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, recordCspViolations } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";
import { call, eventually } from "../api/client";
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
    }, 30_000);
    const published = await call("PUT", `/v1/templates/${kod}`, { body: { yayimla: true, degisiklik: "esasli", govde: "<p>Sayın {adsoyad}, {dis_no} numaralı diş: yeni riskler.</p>" } });
    expect(published.status, published.text).toBe(200);
    await eventually(async () => (await read(c.id)).reconsent_required || null, 20_000);

    const page = await newPage(chrome, "phone");
    const csp = await recordCspViolations(page);
    await signIn(page, users.staff);
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
