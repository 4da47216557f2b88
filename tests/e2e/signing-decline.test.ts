// The patient signing page driven through Chromium on a phone-sized screen, when the person does not
// sign: declining with a reason and a confirmation, and a link opened after it expired.
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "../api/consent-helpers";
import { focusedText, getConsent, noHorizontalScroll, openShortLink, phoneOf, shot, verify } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

describe("signing page: declining and expired links", () => {
  it("declines with a reason after verifying the phone and a confirmation", async () => {
    const c = await createConsent(consentBody(kod, { sms_gonder: true }));
    const page = await phone();
    await openShortLink(page, c);
    await verify(page, c);
    // A reload keeps the verified session (the server's cookie) and the text.
    await page.reload();
    await page.getByText("Telefonunuz doğrulandı.").waitFor();
    await page.getByText("numaralı dişe").waitFor();

    await page.getByRole("button", { name: "Onaylamıyorum", exact: true }).click();
    expect(await focusedText(page)).toBe("Onaylamıyorum");
    const reason = "İşlemden önce başka bir hekimin görüşünü almak istiyorum.";
    await page.getByLabel("Nedeni (isteğe bağlı)").fill(reason);
    await noHorizontalScroll(page);
    await shot(page, "06-decline-reason");

    // "Vazgeç" goes back without declining; the reason is kept.
    await page.getByRole("button", { name: "Vazgeç" }).click();
    await page.getByRole("button", { name: "Onaylamıyorum", exact: true }).click();
    expect(await page.getByLabel("Nedeni (isteğe bağlı)").inputValue()).toBe(reason);

    await page.getByRole("button", { name: "Devam et" }).click();
    await page.getByRole("heading", { name: "Emin misiniz?" }).waitFor();
    expect(await focusedText(page)).toBe("Emin misiniz?");
    await shot(page, "07-decline-confirm");
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await getConsent(c.id)).status).toBe("sent");

    await page.getByRole("button", { name: "Evet, onaylamıyorum" }).click();
    await page.getByRole("heading", { name: "Onaylamadığınız bildirildi" }).waitFor();
    await shot(page, "08-declined");

    const cur = await getConsent(c.id);
    expect(cur.status).toBe("rejected");
    expect(cur.reject_reason).toBe(reason);

    await page.reload();
    await page.getByRole("heading", { name: "Bu onam reddedildi" }).waitFor();
    expect(await page.getByRole("button").count()).toBe(0);
  });

  it("shows an expired link as expired, with nothing to do", async () => {
    const c = await createConsent(consentBody(kod, { sms_gonder: true, gecerlilik_saat: 1 }));
    await setServerClock(2 * 3600_000);
    try {
      const page = await phone();
      await openShortLink(page, c);
      await page.getByRole("heading", { name: "Bu bağlantının süresi doldu" }).waitFor();
      expect(await page.getByRole("button", { name: "SMS ile kod gönder" }).count()).toBe(0);
      expect(await page.getByRole("button").count()).toBe(0);
      // A closed link shows its outcome and nothing personal (decisions §15).
      expect(await page.content()).not.toContain("numaralı dişe");
      await noHorizontalScroll(page);
      await shot(page, "09-expired");
    } finally {
      await setServerClock(0);
    }
    expect((await eventsOf(c.id)).data.some((e) => e.event === "goruntulendi")).toBe(false);
  });
});
