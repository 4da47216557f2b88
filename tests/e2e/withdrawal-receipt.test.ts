// Issue #51: withdrawing from the signing link on a phone (360 px): a confirmation that says what it
// means (the consent stops, the document stays as a record) with a way back by keyboard, then the
// copy marked "Geri alındı — <date>" with the sealed withdrawal receipt beside the original, which
// /dogrula then verifies as that consent's receipt.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_WAIT_MS, eventually, setServerClock } from "../api/client";
import { consentBody, createConsent, createTestTemplate, eventsOf } from "../api/consent-helpers";
import { signaturePng, signer, verifiedSession } from "../api/signing-helpers";
import { enterCode, getConsent, noHorizontalScroll, phoneOf, requestCode, shot, tokenOf } from "./signing-helpers";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let kod: string;

beforeAll(async () => {
  kod = await createTestTemplate();
});

afterAll(async () => {
  await setServerClock(0);
});

describe("withdrawal from the signing link", () => {
  it("confirms before withdrawing (cancel by keyboard), then marks the copy and offers the sealed receipt", { timeout: 240_000 }, async () => {
    const c = await createConsent(consentBody(kod));
    const token = tokenOf(c);
    const cookie = await verifiedSession(token, c.id);
    expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie)).status).toBe(200);
    const signed = await eventually(async () => {
      const got = await getConsent(c.id);
      return got.document ? got : null;
    }, DOCUMENT_WAIT_MS);

    // A new code may be asked for a minute after the last one.
    await setServerClock(61_000);
    const page = await phone();
    await page.goto(c.link.url);
    await page.getByRole("heading", { name: "Bu onam imzalandı" }).waitFor();
    await enterCode(page, await requestCode(page, c, "Onamımı geri almak istiyorum"));

    // The confirmation says what withdrawing means before anything is recorded.
    const consequence = page.getByTestId("withdraw-consequence");
    await consequence.waitFor();
    expect(await consequence.textContent()).toContain("İmzaladığınız belge değiştirilmez, kayıt olarak saklanır");
    expect(await consequence.textContent()).toContain("Geri Çekme Tutanağı");
    await page.getByRole("button", { name: "Onamımı geri al" }).waitFor();
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "withdrawal-01-confirm");

    // Cancel, by keyboard: back to the offer; nothing recorded.
    await page.getByRole("button", { name: "Vazgeç" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Onamımı geri almak istiyorum" }).waitFor();
    expect(await consequence.count()).toBe(0);
    expect((await getConsent(c.id)).status).toBe("completed");
    expect((await eventsOf(c.id)).data.some((e) => e.event === "geri_alindi")).toBe(false);

    // Again (the code verified still serves): the reason, then the confirmation, by keyboard.
    await page.getByRole("button", { name: "Onamımı geri almak istiyorum" }).click();
    const reason = page.getByLabel("Gerekçe (isteğe bağlı)");
    await reason.waitFor();
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill("Başka bir klinikte tedavi olacağım");
    await page.getByRole("button", { name: "Onamımı geri al" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Bu onam geri alındı" }).waitFor();

    // The copy carries the mark with its date, and the receipt appears beside the original.
    const withdrawn = await getConsent(c.id);
    expect(withdrawn).toMatchObject({ status: "withdrawn", withdraw_reason: "Başka bir klinikte tedavi olacağım" });
    const mark = page.getByTestId("withdrawn-mark");
    expect(await mark.textContent()).toMatch(/^Geri alındı — \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(GMT\+03:00\)$/);
    await page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" }).waitFor();
    const receiptLink = page.getByRole("link", { name: "Geri Çekme Tutanağını indirin (PDF)" });
    await receiptLink.waitFor({ timeout: DOCUMENT_WAIT_MS });
    await noHorizontalScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, "withdrawal-02-withdrawn");

    const api = (await eventually(async () => {
      const got = (await getConsent(c.id)) as unknown as { withdrawal_receipt: { sha256: string } | null };
      return got.withdrawal_receipt;
    }, DOCUMENT_WAIT_MS))!;
    const [download] = await Promise.all([page.waitForEvent("download"), receiptLink.click()]);
    expect(download.suggestedFilename()).toBe(`${c.id}-geri-cekme-tutanagi.pdf`);
    const receipt = fs.readFileSync((await download.path())!);
    expect(receipt.subarray(0, 5).toString()).toBe("%PDF-");
    expect(sha(receipt)).toBe(api.sha256);
    // The original, taken from the same page, is still the signed bytes.
    const [original] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" }).click()]);
    expect(sha(fs.readFileSync((await original.path())!))).toBe(signed.document!.sha256);
    expect((await eventsOf(c.id)).data.findLast((e) => e.event === "geri_alindi")).toMatchObject({ actor: "signer" });
    await setServerClock(0);

    // The receipt dropped on /dogrula (its digest alone is sent): it matches as the withdrawal receipt
    // of this consent, said so in the page's language, its own seal valid.
    for (const [lang, title, of] of [
      ["tr", "Eşleşiyor — bu Geri Çekme Tutanağı düzenlendiğinden beri değiştirilmemiş", `Bu dosya, ${c.id} numaralı onamın Geri Çekme Tutanağıdır`],
      ["de", "Stimmt überein — dieses Widerrufsprotokoll wurde seit seiner Ausstellung nicht verändert", `Widerrufsprotokoll (Geri Çekme Tutanağı) der Einwilligung ${c.id}`],
    ] as const) {
      await page.goto(`${signed.document!.verify_url.replace(/\/dogrula\/.*$/, "/dogrula")}?lang=${lang}`);
      await page.locator('input[type="file"]').setInputFiles({ name: "tutanak.pdf", mimeType: "application/pdf", buffer: receipt });
      await page.locator('[data-result="match"]').waitFor();
      await page.getByRole("heading", { name: title }).waitFor();
      expect(await page.getByTestId("receipt-of").innerText()).toContain(of);
      await noHorizontalScroll(page);
      if (lang === "tr") {
        expect(await page.locator("[data-result]").innerText()).toContain("GEÇERLİ — her denetim sağlandı");
        expect(await accessibilityViolations(page)).toEqual([]);
        await shot(page, "withdrawal-03-receipt-verified");
      }
    }
  });
});
