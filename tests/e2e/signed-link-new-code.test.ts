// Issue #49 (scope 2, the page): a completed consent's link reopened later, on another phone, to take
// the signed copy. The page offers "send a new code" (never the code used at signing); a stranger's
// wrong codes pause the link, and the page then counts the server's wait down instead of telling the
// person to contact the institution, enables the button when it ends, and the new code opens the copy.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_WAIT_MS, eventually, setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "../api/consent-helpers";
import { lastOtp, signaturePng, signer, verifiedSession } from "../api/signing-helpers";
import { enterCode, getConsent, noHorizontalScroll, phoneOf, requestCode, shot, tokenOf } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

describe("a completed consent's link reopened: a new code, and a countdown while the link is paused", () => {
  it("offers a new code, counts a lock down, and opens the copy with the code sent after it", { timeout: 180_000 }, async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const session = await verifiedSession(token, c.id);
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, session)).status).toBe(200);
    const done = await eventually(async () => {
      const cur = await getConsent(c.id);
      return cur.status === "completed" && cur.document ? cur : null;
    }, DOCUMENT_WAIT_MS);

    let offset = 0;
    const at = (ms: number) => setServerClock((offset += ms));
    const wrong = () => (lastOtp(c.id) === "000000" ? "111111" : "000000");
    try {
      // Later, on another phone: the outcome, and a card that sends a new code; no code field asking
      // for the one used at signing.
      await at(61_000);
      const page = await phone();
      await page.clock.install();
      await page.goto(c.link.url);
      await page.getByRole("heading", { name: "Bu onam imzalandı" }).waitFor();
      expect(await page.getByLabel("SMS ile gelen 6 haneli kod").count()).toBe(0);
      expect(await page.getByText("Kısa süre önce bir kod gönderildi").count()).toBe(0);
      await requestCode(page, c, "Belgemi indirmek istiyorum");
      // Beside the code field, "send a new code" waits out the minute between codes, counted down.
      const resend = page.getByRole("button", { name: "Yeni kod gönder" });
      expect(await resend.isDisabled()).toBe(true);
      await page.getByRole("timer").filter({ hasText: /^Yeni kodu [01]:\d{2} sonra isteyebilirsiniz\.$/ }).waitFor();

      // A stranger's guesses: one typed here, thirteen more through the API over three codes, and
      // the fifteenth typed here pauses the link for 15 minutes.
      await enterCode(page, wrong());
      await page.getByText("Kod hatalı. Kalan deneme hakkınız: 4.").waitFor();
      for (let i = 0; i < 4; i++) await signer(token, "verify", { code: wrong() });
      for (let n = 0; n < 2; n++) {
        await at(61_000);
        expect((await signer(token, "otp")).status).toBe(200);
        for (let i = 0; i < (n === 0 ? 5 : 4); i++) await signer(token, "verify", { code: wrong() });
      }
      await enterCode(page, wrong());
      // Said in the card the person used, beside the countdown.
      await page.locator("[id$='-copy-wait']").getByText(/güvenliğiniz için bir süre durduruldu/).waitFor();
      const timer = page.getByRole("timer");
      expect(await timer.textContent()).toMatch(/^Yeni kodu 1[45]:\d{2} sonra isteyebilirsiniz\.$/);
      // Never "contact the institution", never the code field: the code on screen is void.
      expect(await page.getByText(/bu bağlantı kilitlendi|bağlantıyı yeniden gönderebilir/).count()).toBe(0);
      expect(await page.getByLabel("SMS ile gelen 6 haneli kod").count()).toBe(0);
      const again = page.getByRole("button", { name: "Yeni kod gönder" });
      expect(await again.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Onamımı geri almak istiyorum" }).isDisabled()).toBe(true);
      // The wait is announced once through the live region, not read out every second.
      const live = page.locator("[aria-live=polite]").filter({ hasText: "durduruldu" });
      expect(await live.textContent()).toMatch(/durduruldu.*Yeni kodu 1[45]:\d{2} sonra/);
      await noHorizontalScroll(page);
      await shot(page, "49-link-paused");
      expect(await accessibilityViolations(page)).toEqual([]);

      // The countdown runs down with the browser's clock.
      const first = await timer.textContent();
      await page.clock.fastForward(65_000);
      await eventually(async () => ((await timer.textContent()) !== first ? true : null));
      expect(await timer.textContent()).toMatch(/^Yeni kodu 1[34]:\d{2} sonra isteyebilirsiniz\.$/);
      // The server still refuses a code meanwhile (the button is not the only guard).
      expect((await signer(token, "otp")).body).toMatchObject({ reason: "link_locked" });

      // Both clocks past the lock: the button comes back, and the new code opens the copy.
      await at(15 * 60_000 + 5_000);
      await page.clock.fastForward(15 * 60_000);
      await page.getByText("Artık yeni kod isteyebilirsiniz.").waitFor({ state: "attached" });
      expect(await again.isEnabled()).toBe(true);
      expect(await page.getByRole("timer").count()).toBe(0);
      const fresh = await requestCode(page, c, "Yeni kod gönder");
      await enterCode(page, fresh);
      await page.getByText("Telefonunuz doğrulandı.").waitFor();
      const link = page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" });
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(createHash("sha256").update(fs.readFileSync(await download.path())).digest("hex")).toBe(done.document!.sha256);
      // Verified, the withdrawal asks for nothing more than its confirmation.
      expect(await page.getByRole("button", { name: "Onamımı geri almak istiyorum" }).isEnabled()).toBe(true);
    } finally {
      await setServerClock(0);
    }
    const events = (await eventsOf(c.id)).data.map((e) => e.event);
    expect(events.filter((e) => e === "link_kilitlendi")).toHaveLength(1);
  });
});
