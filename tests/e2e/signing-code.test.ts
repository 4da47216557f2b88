// The patient signing page driven through Chromium on a phone-sized screen, the code's limits: five
// wrong entries lock it until a new code, five codes an hour, and a link locked after fifteen wrong
// entries.
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "../api/consent-helpers";
import { enterCode, openShortLink, otpLines, phoneOf, requestCode, shot, tokenOf } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

describe("signing page: the code's limits", () => {
  it("locks the code after five wrong entries and accepts a new code after the wait", async () => {
    const c = await createConsent(consentBody(kod, { sms_gonder: true }));
    const page = await phone();
    await page.clock.install();
    await openShortLink(page, c);
    const code = await requestCode(page, c);
    const wrong = code === "000000" ? "111111" : "000000";

    for (let left = 4; left >= 1; left--) {
      await enterCode(page, wrong);
      await page.getByText(`Kod hatalı. Kalan deneme hakkınız: ${left}.`).waitFor();
      if (left === 4) {
        // Focus goes back to the (emptied) input for the next try.
        expect(await page.getByLabel("SMS ile gelen 6 haneli kod").evaluate((el) => el === document.activeElement && (el as HTMLInputElement).value === "")).toBe(true);
        await shot(page, "10a-otp-wrong");
      }
    }
    await enterCode(page, wrong);
    await page.getByText(/Çok sayıda hatalı deneme yapıldı/).waitFor();
    expect(await page.getByRole("button", { name: "Kodu doğrula" }).isDisabled()).toBe(true);
    // issue #51: no "the code was sent" beside "this code can no longer be used".
    expect(await page.getByText(/numarasına gönderildi/).count()).toBe(0);
    await shot(page, "10-otp-locked");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A sixth try, even with the right code, is refused by the server.
    const sixth = await page.evaluate(
      async ([token, right]) => {
        const r = await fetch(`/s/${token}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: right }) });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      },
      [tokenOf(c), code] as const,
    );
    expect(sixth).toMatchObject({ status: 409, body: { code: "invalid_state", reason: "otp_locked" } });

    // Instead of waiting a minute, move both clocks past the resend wait.
    await setServerClock(61_000);
    try {
      await page.clock.fastForward(61_000);
      const fresh = await requestCode(page, c, "Yeni kod gönder");
      expect(await page.getByRole("button", { name: "Kodu doğrula" }).isEnabled()).toBe(true);
      // Pasted as the message groups it: the spaces are dropped, not the last digit.
      // Read before the click: once verified, the step moves on and the field is gone.
      const field = page.getByLabel("SMS ile gelen 6 haneli kod");
      await field.fill(`${fresh.slice(0, 3)} ${fresh.slice(3)}`);
      expect(await field.inputValue()).toBe(fresh);
      await page.getByRole("button", { name: "Kodu doğrula" }).click();
      await page.getByText("Telefonunuz doğrulandı.").waitFor();
    } finally {
      await setServerClock(0);
    }
    const events = (await eventsOf(c.id)).data.map((e) => e.event);
    expect(events.filter((e) => e === "otp_hatali")).toHaveLength(5);
    expect(events).toContain("otp_dogrulandi");
  });

  it("says how long to wait after 5 codes in an hour, and to contact the institution once the link is locked", async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const post = (step: string, body?: unknown) =>
      fetch(`${run.url}/s/${token}/${step}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    try {
      for (let i = 0; i < 5; i++) {
        await setServerClock(i * 61_000);
        expect((await post("otp")).status).toBe(200);
      }
      await setServerClock(5 * 61_000);
      const page = await phone();
      await page.goto(c.link.url);
      await page.getByRole("button", { name: "SMS ile kod gönder" }).click();
      await page.getByText(/^Çok sayıda kod istendi\. Yeni kodu \d+ dakika sonra isteyebilirsiniz\.$/).waitFor();
      // issue #51: the wait is said once, and the button agrees with it (it stayed enabled before).
      expect(await page.getByText(/sonra isteyebilirsiniz/).count()).toBe(1);
      expect(await page.getByRole("button", { name: "SMS ile kod gönder" }).isDisabled()).toBe(true);
      await shot(page, "14-too-many-codes");

      // Fifteen wrong entries lock the link (three codes of five); the page then says what to do.
      for (let i = 0; i < 3; i++) {
        await setServerClock(2 * 3_600_000 + i * 61_000);
        expect((await post("otp")).status).toBe(200);
        for (let k = 0; k < 5; k++) await post("verify", { code: otpLines(c.id).at(-1)!.body.includes("000000") ? "111111" : "000000" });
      }
      await page.reload();
      await page.getByText(/güvenliğiniz için bu bağlantı kilitlendi\. Lütfen size SMS gönderen kurumla iletişime geçin/).waitFor();
      expect(await page.getByRole("button", { name: "SMS ile kod gönder" }).isDisabled()).toBe(true);
      await shot(page, "15-link-locked");
    } finally {
      await setServerClock(0);
    }
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "link_kilitlendi")).toHaveLength(1);
  });
});
