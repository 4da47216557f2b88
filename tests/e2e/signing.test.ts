// The patient signing page driven through Chromium on a phone-sized screen, the approval: the code,
// the ticks and a drawn signature, the signed PDF and the person's own copy of it, the link reopened
// after signing and the withdrawal it then offers, and a screen zoomed far in.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { accessibilityViolations, chromiumPerFile, recordCspViolations } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_WAIT_MS, eventually, run, setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf, outbox } from "../api/consent-helpers";
import { drawSignature, enterCode, focusedText, getConsent, noHorizontalScroll, openShortLink, phoneOf, requestCode, shot, verify } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

describe("signing page: approving and signing", () => {
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
    await page.getByText(/\u2066\+90532\*{5}67\u2069 numaralı telefona/).waitFor();
    // decisions §25: a time for people says its zone (APP_TIMEZONE, Istanbul by default).
    await page.getByText(/Son geçerlilik: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(GMT\+03:00\)/).waitFor();
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
    // Now, and only in this browser, the form itself; the focus goes to the text to read, not past it.
    await page.getByRole("heading", { level: 1, name: "Diş Çekimi Onam Formu" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "consent-text");
    expect(await focusedText(page)).toBe("Onam metni");
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
    }, DOCUMENT_WAIT_MS);
    expect(done.status).toBe("completed");
    // The page said it was preparing the copy, and offers it once stored, without a reload (issue #46).
    await page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" }).waitFor();
    expect(await page.getByTestId("document-preparing").count()).toBe(0);
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
    await page.getByText(/^İmza tarihi: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(GMT\+03:00\)$/).waitFor();
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
    expect((await eventsOf(c.id)).data.findLast((e) => e.event === "geri_alindi")).toMatchObject({ event: "geri_alindi", actor: "signer" });
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
});
