// The patient signing page driven through Chromium on a phone-sized screen: approve, decline,
// expiry, OTP lock-out, English, and the signed PDF that comes out of it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Page } from "playwright-core";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, eventually, run, setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf, outbox, type Consent } from "../api/consent-helpers";

const chrome = chromiumPerFile();

type Doc = { sha256: string; pdf_url: string; evidence_url: string; tsr_url: string; verify_url: string };
type ConsentWithDoc = Consent & { document: Doc | null; reject_reason: string | null };

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

async function phone(): Promise<Page> {
  return (await chrome.context("phone")).newPage();
}

const tokenOf = (c: Consent) => new URL(c.link.url).pathname.split("/").pop()!;
const otpLines = (id: string) => outbox().filter((l) => l.kind === "otp" && l.consent_id === id);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
}

/** Opens the short link from the SMS, which redirects to the signing page. */
async function openShortLink(page: Page, c: Consent): Promise<void> {
  const res = await page.goto(c.link.short);
  expect(res?.status()).toBe(200);
  expect(page.url()).toBe(c.link.url);
}

/** Taps the send button and returns the code from the newest OTP message of the outbox. */
async function requestCode(page: Page, c: Consent, button = "SMS ile kod gönder"): Promise<string> {
  const before = otpLines(c.id).length;
  await page.getByRole("button", { name: button }).click();
  const line = await eventually(async () => {
    const lines = otpLines(c.id);
    return lines.length > before ? lines.at(-1) : null;
  });
  const code = /\b(\d{6})\b/.exec(line.body)?.[1];
  expect(code, line.body).toBeTruthy();
  await page.getByText("Kod +90532*****67 numarasına gönderildi.").waitFor();
  return code!;
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel("SMS ile gelen 6 haneli kod").fill(code);
  await page.getByRole("button", { name: "Kodu doğrula" }).click();
}

async function verify(page: Page, c: Consent): Promise<void> {
  const code = await requestCode(page, c);
  await enterCode(page, code);
  await page.getByText("Telefonunuz doğrulandı.").waitFor();
  await page.getByRole("heading", { name: "2. Onayınız" }).waitFor();
}

/** A few strokes with the mouse across the signature canvas. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByRole("img", { name: "İmza alanı" });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("signature canvas not visible");
  const strokes: [number, number][][] = [
    [[0.1, 0.6], [0.18, 0.3], [0.26, 0.7], [0.34, 0.32], [0.42, 0.66]],
    [[0.48, 0.55], [0.58, 0.25], [0.68, 0.62], [0.78, 0.3], [0.9, 0.5]],
    [[0.15, 0.78], [0.5, 0.74], [0.85, 0.76]],
  ];
  for (const stroke of strokes) {
    const at = (p: [number, number]) => [box.x + p[0] * box.width, box.y + p[1] * box.height] as const;
    const [x0, y0] = at(stroke[0]!);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (const p of stroke.slice(1)) {
      const [x, y] = at(p);
      await page.mouse.move(x, y, { steps: 8 });
    }
    await page.mouse.up();
  }
}

async function getConsent(id: string): Promise<ConsentWithDoc> {
  const res = await call<ConsentWithDoc>("GET", `/v1/consents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("signing page", () => {
  it("verifies the phone, takes the ticks and a drawn signature, and produces the signed PDF", async () => {
    const c = await createConsent(
      consentBody(kod, {
        adsoyad: "İpek Gülşah Çağrı Özdöğer",
        tc: "10000000146",
        hekim: "Dr. Şükrü Ilgın",
        islem: "Diş çekimi",
        sms_gonder: true,
      }),
    );
    expect(outbox().some((l) => l.kind === "link" && l.consent_id === c.id && l.body.includes(c.link.short))).toBe(true);

    const page = await phone();
    const cspViolations = await recordCspViolations(page);
    await openShortLink(page, c);
    // Before the code (decisions §15): the institution, that a form waits, the masked phone, the expiry.
    await page.getByRole("heading", { level: 1, name: "Onam formu" }).waitFor();
    await page.getByText("Acme Diş Kliniği", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Onayınızı bekleyen bir onam formu var" }).waitFor();
    await page.getByText(/\+90532\*\*\*\*\*67 numaralı telefona/).waitFor();
    await page.getByText(/Son geçerlilik: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).waitFor();
    const hidden = await page.content();
    for (const secret of ["İpek Gülşah", "Dr. Şükrü Ilgın", "Diş çekimi", "Diş Çekimi Onam Formu", "numaralı dişe"]) expect(hidden, secret).not.toContain(secret);
    expect(await page.locator("[lang=tr]").count()).toBeGreaterThan(0);
    await noHorizontalScroll(page);
    await shot(page, "01-opened");
    expect(await accessibilityViolations(page)).toEqual([]);
    // Slow 4G on a cheap phone: the framework plus the one client component (with signature_pad),
    // about 150 KB compressed today; a heavy library slipping in would show here.
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .reduce((n, e) => n + (e as PerformanceResourceTiming).encodedBodySize, 0),
    );
    expect(jsBytes).toBeLessThan(200_000);

    // The step after verification is hidden until the code is verified.
    expect(await page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" }).isVisible()).toBe(false);

    const code = await requestCode(page, c);
    expect(await page.getByLabel("SMS ile gelen 6 haneli kod").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(/Yeni kodu \d+ saniye sonra isteyebilirsiniz/).waitFor();
    expect(await page.getByRole("button", { name: "Yeni kod gönder" }).isDisabled()).toBe(true);
    const input = page.getByLabel("SMS ile gelen 6 haneli kod");
    expect(await input.getAttribute("inputmode")).toBe("numeric");
    expect(await input.getAttribute("autocomplete")).toBe("one-time-code");
    await shot(page, "02-code-sent");
    expect(await accessibilityViolations(page)).toEqual([]);

    await enterCode(page, code);
    await page.getByText("Telefonunuz doğrulandı.").waitFor();
    expect(await focusedText(page)).toBe("2. Onayınız");
    // Now, and only in this browser, the form itself.
    await page.getByRole("heading", { level: 1, name: "Diş Çekimi Onam Formu" }).waitFor();
    await page.getByText("Dr. Şükrü Ilgın", { exact: true }).waitFor();
    await page.getByText("numaralı dişe Diş çekimi yapılacaktır").waitFor();
    await shot(page, "02b-verified");
    // Nothing the page's CSP refuses, before or after the code (Chrome would list each as an issue).
    expect(await cspViolations()).toEqual([]);

    const approve = page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" });
    expect(await approve.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: /Okudum/ }).check();
    await page.getByRole("checkbox", { name: /Anladım/ }).check();
    expect(await approve.isDisabled()).toBe(true); // still no signature
    await page.getByText("Onaylamak için: imzanızı atın.").waitFor();
    await shot(page, "03a-signature-missing");

    await drawSignature(page);
    expect(await approve.isEnabled()).toBe(true);
    await page.getByRole("button", { name: "Temizle" }).click();
    expect(await approve.isDisabled()).toBe(true);
    await drawSignature(page);
    await page.getByRole("button", { name: "Geri al" }).click(); // one stroke less, still signed
    expect(await approve.isEnabled()).toBe(true);
    await noHorizontalScroll(page);
    await shot(page, "03-ready-to-sign");
    expect(await accessibilityViolations(page)).toEqual([]);

    // Every button of the flow is a comfortable touch target.
    const heights = await page.locator("button:visible").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

    await approve.click();
    await page.getByRole("heading", { name: "Onamınız alındı" }).waitFor();
    expect(await focusedText(page)).toBe("Onamınız alındı");
    await shot(page, "04-signed");
    expect(await accessibilityViolations(page)).toEqual([]);

    const done = await eventually(async () => {
      const cur = await getConsent(c.id);
      return cur.document ? cur : null;
    });
    expect(done.status).toBe("completed");
    const pdfRes = await fetch(done.document!.pdf_url);
    expect(pdfRes.status).toBe(200);
    const pdf = Buffer.from(await pdfRes.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(done.document!.sha256);
    // The person takes their own copy from the page: the same bytes.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" }).click()]);
    expect(download.suggestedFilename()).toBe(`${c.id}.pdf`);
    expect(createHash("sha256").update(fs.readFileSync(await download.path())).digest("hex")).toBe(done.document!.sha256);
    const pdfFile = path.join(run.dataDir, `${c.id}.pdf`);
    fs.writeFileSync(pdfFile, pdf);
    const text = execFileSync("/usr/bin/pdftotext", ["-enc", "UTF-8", pdfFile, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("İpek Gülşah Çağrı Özdöğer");
    expect(text).toContain("numaralı dişe Diş çekimi yapılacaktır");
    for (const ch of "ğüşıöçİ") expect(text, `PDF text lacks ${ch}`).toContain(ch);

    const events = (await eventsOf(c.id)).data;
    const viewed = events.find((e) => e.event === "goruntulendi");
    expect(viewed?.actor).toBe("signer");
    expect(viewed?.user_agent).toMatch(/Chrome/);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["otp_gonderildi", "otp_dogrulandi", "imzalandi"]));

    // Opening the link again shows the outcome; the one thing left to do is to withdraw (decisions §18).
    await page.goto(c.link.url);
    await page.getByRole("heading", { name: "Bu onam imzalandı" }).waitFor();
    await page.getByText(/^İmza tarihi: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    expect(await page.getByRole("button").allTextContents()).toEqual(["Onamımı geri almak istiyorum"]);
    expect((await eventsOf(c.id)).data.filter((e) => e.event === "goruntulendi")).toHaveLength(1);
    // This browser verified the code: its copy stays within reach. Another browser gets no link.
    await page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" }).waitFor();
    const stranger = await phone();
    await stranger.goto(c.link.url);
    await stranger.getByRole("heading", { name: "Bu onam imzalandı" }).waitFor();
    expect(await stranger.getByTestId("signed-document").count()).toBe(0);
    await shot(page, "05-signed-reopened");

    // Withdrawing takes a new code (a minute after the last one), then an optional reason and a confirmation.
    await setServerClock(61_000);
    await enterCode(page, await requestCode(page, c, "Onamımı geri almak istiyorum"));
    await page.getByLabel("Gerekçe (isteğe bağlı)").fill("Tedaviyi ertelemek istiyorum");
    await noHorizontalScroll(page);
    await page.getByRole("button", { name: "Onamımı geri al" }).click();
    await page.getByRole("heading", { name: "Bu onam geri alındı" }).waitFor();
    await shot(page, "06-withdrawn");
    expect(await getConsent(c.id)).toMatchObject({ status: "withdrawn", withdraw_reason: "Tedaviyi ertelemek istiyorum" });
    expect((await eventsOf(c.id)).data.at(-1)).toMatchObject({ event: "geri_alindi", actor: "signer" });
    await setServerClock(0);
  });

  it("signs from a screen zoomed far in: the pad's bitmap stays within 2048 pixels across", async () => {
    // At a pixel ratio of 10 (a 2× screen zoomed to 500 %) the pad's bitmap would pass the 4096
    // pixels the server takes for a signature; the page draws it at most 2048 across instead.
    const ratio = 10;
    const c = await createConsent(consentBody(kod));
    const page = await (await chrome.context({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: ratio, locale: "tr-TR" })).newPage();
    await page.goto(c.link.url);
    await verify(page, c);
    await page.getByRole("checkbox", { name: /Okudum/ }).check();
    await page.getByRole("checkbox", { name: /Anladım/ }).check();
    await drawSignature(page);
    const canvas = page.getByRole("img", { name: "İmza alanı" });
    const { cssWidth, bitmapWidth } = await canvas.evaluate((el: HTMLCanvasElement) => ({ cssWidth: el.offsetWidth, bitmapWidth: el.width }));
    expect(cssWidth * ratio).toBeGreaterThan(4096);
    expect(bitmapWidth).toBe(2048);
    await page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" }).click();
    await page.getByRole("heading", { name: "Onamınız alındı" }).waitFor();
    expect((await getConsent(c.id)).status).toBe("completed");
  });

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
      await enterCode(page, fresh);
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

  it("loads in a fresh browser context without a console error (the site icon exists)", async () => {
    const c = await createConsent(consentBody(kod));
    const page = await phone();
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(`${m.text()} ${m.location().url}`)));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(c.link.url);
    await page.getByRole("button", { name: "SMS ile kod gönder" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  it("speaks English with ?lang=en and says who signs for whom", async () => {
    const c = await createConsent(
      consentBody(kod, { sms_gonder: true, onaylayan_tip: "veli", onaylayan_ad: "Fatma Yılmaz", yakinlik: "anne", islem: "Diş çekimi" }),
    );
    const page = await phone();
    await page.goto(`${c.link.url}?lang=en`);
    await page.getByRole("heading", { name: "1. Verify your phone" }).waitFor();
    await page.getByRole("heading", { name: "A consent form is waiting for you" }).waitFor();
    expect(await page.getByText("Fatma Yılmaz").count()).toBe(0);
    await page.getByRole("button", { name: "Send code by SMS" }).click();
    const code = await eventually(async () => {
      const line = otpLines(c.id).at(-1);
      return line ? /\b(\d{6})\b/.exec(line.body)?.[1] : null;
    });
    await page.getByLabel("6-digit code from the SMS").fill(code);
    await page.getByRole("button", { name: "Verify code" }).click();
    await page.getByText("Your phone is verified.").waitFor();
    await page.getByRole("heading", { name: "Consent text" }).waitFor();
    await page.getByText("Fatma Yılmaz (anne), as parent, approves this form on behalf of Ayşe Yılmaz.").waitFor();
    await page.getByText("Procedure", { exact: true }).waitFor();
    expect(await page.locator("[lang=en]").count()).toBeGreaterThan(0);
    // The page as a whole is English, as served (not only after hydration).
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await (await fetch(`${c.link.url}?lang=en`)).text()).toMatch(/^<!DOCTYPE html><html lang="en"/);
    await noHorizontalScroll(page);
    await shot(page, "11-english");

    // The visible switch goes back to Turkish.
    await page.getByRole("link", { name: /Türkçe/ }).click();
    await page.waitForURL(c.link.url);
    await page.getByText("Bu formu Ayşe Yılmaz adına velisi Fatma Yılmaz (anne) onaylıyor.").waitFor();
    await page.getByText("Telefonunuz doğrulandı.").waitFor();
    await page.getByRole("link", { name: /English/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
  });

  it("names the animal and its owner on a veterinary consent", async () => {
    const c = await createConsent(
      consentBody(kod, { adsoyad: "Ali Veli", sms_gonder: true, onaylayan_tip: "sahip", hayvan_ad: "Karabaş", hayvan_tur: "köpek" }),
    );
    const page = await phone();
    await page.goto(c.link.url);
    expect(await page.getByText("Karabaş").count()).toBe(0);
    await verify(page, c);
    await page.getByText("Bu form Karabaş (köpek) için hayvan sahibi Ali Veli tarafından onaylanıyor.").waitFor();
    await noHorizontalScroll(page);
    await shot(page, "12-veterinary");
  });

  it("answers an unknown link with a friendly page in both languages, readable before any script runs", async () => {
    const page = await phone();
    const url = `${run.url}/s/${"x".repeat(32)}`;
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Bağlantı bulunamadı" }).waitFor();
    await page.getByRole("heading", { name: "Link not found" }).waitFor();
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "13-not-found");
    // A phone that has not run the page's scripts (slow network, scripts off) reads the same.
    const bare = await (await chrome.context({ viewport: { width: 360, height: 640 }, isMobile: true, locale: "tr-TR", javaScriptEnabled: false })).newPage();
    expect((await bare.goto(url))?.status()).toBe(404);
    expect(await bare.getByRole("heading", { name: "Bağlantı bulunamadı" }).isVisible()).toBe(true);
    expect(await bare.getByRole("heading", { name: "Link not found" }).isVisible()).toBe(true);
    // The short link typed from the SMS, mistyped: the same page.
    expect((await bare.goto(`${run.url}/k/Zz9Zz9Zz`))?.status()).toBe(404);
    expect(await bare.getByRole("heading", { name: "Bağlantı bulunamadı" }).isVisible()).toBe(true);
  });

  it("has a page for a link opened while the database cannot be reached, readable at 360 px before any script runs", async () => {
    // proxy.ts sends a link there when it cannot look it up (tests/reliability/database-outage.test.ts
    // cuts the database); here it is opened directly, by a reader whose browser asks for Arabic.
    const url = `${run.url}/s/-/kullanilamiyor`;
    const phoneAr = { viewport: { width: 360, height: 640 }, isMobile: true, locale: "ar" };
    const bare = await (await chrome.context({ ...phoneAr, javaScriptEnabled: false })).newPage();
    const res = await bare.goto(url);
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("5");
    for (const heading of ["Hizmet şu anda kullanılamıyor", "الخدمة غير متاحة مؤقتًا", "Service temporarily unavailable"]) {
      expect(await bare.getByRole("heading", { name: heading }).isVisible(), heading).toBe(true);
    }
    expect(await bare.locator("section[lang=ar]").getAttribute("dir")).toBe("rtl");
    const page = await (await chrome.context(phoneAr)).newPage();
    await page.goto(url);
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "16-unavailable");
  });

});
