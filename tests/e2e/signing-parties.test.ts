// decisions §19 on the patient's phone: the witness who signs on a pad of their own after the person
// (and after the interpreter, §17); a signature that waits for the informing physician's (status
// `signed`: no copy yet, and nothing personal when the link is opened again); and, once the physician
// has signed, the person's copy on another phone days later after a new code, with the withdrawal
// still on offer.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile } from "./browser";
import { call, DOCUMENT_WAIT_MS, eventually, setServerClock } from "../api/client";
import { consentBody, createConsent, eventsOf, outbox, uniq } from "../api/consent-helpers";
import { signaturePng } from "../api/signing-helpers";
import { drawOn, drawSignature, focusedText, getConsent, noHorizontalScroll, phoneOf, requestCode, shot, verify, verifyIn, type ConsentWithDoc } from "./signing-helpers";
import { messages } from "@/components/signing/messages";

const chrome = chromiumPerFile();
const phone = phoneOf(chrome);
const DAY_MS = 24 * 3_600_000;

let kod: string;

beforeAll(async () => {
  kod = uniq("taraflar-e2e");
  const res = await call("POST", "/v1/templates", {
    body: {
      kod,
      baslik: "Cerrahi Girişim Onamı",
      govde: "<p>Sayın {adsoyad}, {islem} için bilgilendirildim ve onay veriyorum.</p>",
      yayimla: true,
      ceviriler: { ar: { baslik: "موافقة على تدخل جراحي", govde: "<p>السيد {adsoyad}، أوافق على الإجراء بعد أن شرح لي الطبيب المخاطر والبدائل.</p>" } },
    },
  });
  expect(res.status, res.text).toBe(201);
});

afterAll(async () => {
  await setServerClock(0);
});

const create = (extra: Record<string, unknown>) => createConsent(consentBody(kod, { degiskenler: {}, islem: "Apendektomi", ...extra }));


async function tick(page: Page): Promise<void> {
  await page.getByRole("checkbox").first().check();
  await page.getByRole("checkbox").nth(1).check();
}

/** "YYYY-MM-DD HH:MM:SS" in the service's zone, `ms` earlier. */
const earlier = (at: string, ms: number) => new Date(Date.parse(`${at.replace(" ", "T")}Z`) - ms).toISOString().slice(0, 19).replace("T", " ");

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("signing page: the witness, the physician and the copy (decisions §19)", () => {
  it("takes the witness's signature on a pad of their own after the person's; tanik_imzaladi is recorded", async () => {
    const c = await create({ tanik_ad: "Hemşire Elif Demir" });
    const page = await phone();
    await page.goto(c.link.url);
    // Before the code not even the witness's name (decisions §15).
    expect(await page.content()).not.toContain("Elif Demir");
    await verify(page, c);
    await page.getByRole("heading", { name: "Tanığın imzası: Hemşire Elif Demir" }).waitFor();
    const pads = page.getByRole("img", { name: "İmza alanı" });
    expect(await pads.count()).toBe(2);
    const witnessPad = page.locator("[data-pad=witness]").getByRole("img", { name: "İmza alanı" });
    // The witness's pad is the second, after the person's.
    expect(await pads.nth(1).evaluate((el) => el.closest("[data-pad]")?.getAttribute("data-pad"))).toBe("witness");

    await tick(page);
    await drawOn(page, pads.first());
    const approve = page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" });
    expect(await approve.isDisabled()).toBe(true);
    await page.getByText("Onaylamak için: tanık imzalasın.").waitFor();
    await drawOn(page, witnessPad);
    expect(await approve.isEnabled()).toBe(true);
    // The witness's pad clears and undoes like the person's.
    await page.locator("[data-pad=witness]").getByRole("button", { name: "Temizle" }).click();
    expect(await approve.isDisabled()).toBe(true);
    await drawOn(page, witnessPad);
    expect(await approve.isEnabled()).toBe(true);
    await witnessPad.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page);
    await shot(page, "parties-01-witness-tr");
    expect(await accessibilityViolations(page)).toEqual([]);

    await approve.click();
    await page.getByRole("heading", { name: "Onamınız alındı" }).waitFor();
    const events = (await eventsOf(c.id)).data;
    expect(events.find((e) => e.event === "tanik_imzaladi")).toMatchObject({ actor: "signer", data: { ad: "Hemşire Elif Demir" } });
    const names = events.map((e) => e.event);
    // decisions §25 (§19's order): the person, then the witness.
    expect(names.indexOf("imzalandi")).toBeLessThan(names.indexOf("tanik_imzaladi"));
    expect((await getConsent(c.id)).witness).toEqual({ name: "Hemşire Elif Demir" });
  });

  it("in Arabic at 360 px, right to left: the person, the interpreter, then the witness; then it waits for the physician", async () => {
    const t = messages.ar;
    const c = await create({ adsoyad: "أحمد علي", dil: "ar", tercuman_ad: "Ayşe Tercüman", tanik_ad: "Elif Demir", hekim_imzasi: true });
    const page = await phone();
    await page.goto(c.link.url);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await verifyIn(page, c, "ar");
    // The names come with the details, rendered by the server for the verified browser.
    await page.getByRole("heading", { name: t.witnessHeading("Elif Demir") }).waitFor();
    const pads = page.getByRole("img", { name: t.signatureCanvas });
    expect(await pads.count()).toBe(3);
    // In the order they sign: the person, the interpreter (§17), the witness (§19).
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    const order = [t.stepSignature, t.interpreterHeading("Ayşe Tercüman"), t.witnessHeading("Elif Demir")].map((h) => headings.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await tick(page);
    for (const i of [0, 1]) await drawOn(page, pads.nth(i));
    await page.getByText(`${t.missingIntro} ${t.missingWitness}.`).waitFor();
    await drawOn(page, pads.nth(2));
    await noHorizontalScroll(page);
    await shot(page, "parties-02-witness-ar");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: t.approve }).click();
    await page.getByRole("heading", { name: t.outcome.signedTitle }).waitFor();
    expect(await focusedText(page)).toBe(t.outcome.signedTitle);
    await page.getByText(t.outcome.signedCopyLater).waitFor();
    // No document before the physician signs: no copy on offer.
    expect(await page.getByTestId("signed-document").count()).toBe(0);
    await noHorizontalScroll(page);
    await shot(page, "parties-03-waiting-ar");
    expect(await accessibilityViolations(page)).toEqual([]);
    const names = (await eventsOf(c.id)).data.map((e) => e.event);
    // decisions §25 (§19's order): the person, the interpreter, then the witness.
    expect(names.indexOf("imzalandi")).toBeLessThan(names.indexOf("tercuman_imzaladi"));
    expect(names.indexOf("tercuman_imzaladi")).toBeLessThan(names.indexOf("tanik_imzaladi"));
    expect((await getConsent(c.id)).status).toBe("signed");

    // Opened again: the same outcome in Arabic, right to left, nothing personal.
    await page.goto(c.link.url);
    await page.getByRole("heading", { name: t.outcome.signedTitle }).waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const html = await page.content();
    for (const secret of ["أحمد علي", "Ayşe Tercüman", "Elif Demir", "أوافق على الإجراء"]) expect(html, secret).not.toContain(secret);
    await noHorizontalScroll(page);
    await shot(page, "parties-04-waiting-reopened-ar");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("waits for the physician without a copy; once countersigned, another phone takes the copy after a new code and may still withdraw", async () => {
    const c = await create({ adsoyad: "Deniz Kaya", hekim: "Dr. Şule Işık", hekim_imzasi: true });
    const page = await phone();
    await page.goto(c.link.url);
    await verify(page, c);
    await tick(page);
    await drawSignature(page);
    await page.getByRole("button", { name: "Onaylıyorum ve imzalıyorum" }).click();
    const waitingTitle = "İmzanız alındı; hekim onayı bekleniyor";
    await page.getByRole("heading", { name: waitingTitle }).waitFor();
    expect(await focusedText(page)).toBe(waitingTitle);
    await page.getByText(/^İmza tarihi: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(GMT\+03:00\)\. Sizi bilgilendiren hekim de imzaladığında onam tamamlanır\.$/).waitFor();
    expect(await page.getByTestId("signed-document").count()).toBe(0);
    await noHorizontalScroll(page);
    await shot(page, "parties-05-waiting-tr");
    expect(await accessibilityViolations(page)).toEqual([]);

    // Opened again, in this browser (whose session still lasts) and in another: the same outcome,
    // no copy, nothing to do and nothing personal (decisions §15).
    for (const p of [page, await phone()]) {
      await p.goto(c.link.url);
      await p.getByRole("heading", { name: waitingTitle }).waitFor();
      await p.getByText("Onam tamamlandığında imzalı belgenizi bu bağlantıdan, yeni bir SMS koduyla indirebilirsiniz.").waitFor();
      const html = await p.content();
      for (const secret of ["Deniz Kaya", "Dr. Şule Işık", "Apendektomi", "Cerrahi Girişim Onamı"]) expect(html, secret).not.toContain(secret);
      expect(await p.getByRole("button").count()).toBe(0);
      expect(await p.getByTestId("signed-document").count()).toBe(0);
      await noHorizontalScroll(p);
      expect(await accessibilityViolations(p)).toEqual([]);
    }
    await shot(page, "parties-06-waiting-reopened-tr");

    const waiting = await getConsent(c.id);
    expect(waiting.status).toBe("signed");
    const countersigned = await call<ConsentWithDoc>("POST", `/v1/consents/${c.id}/countersign`, {
      body: { hekim_ad: "Dr. Şule Işık", bilgilendirme_zamani: earlier(String(waiting.signed_at), 10 * 60_000), imza: await signaturePng() },
    });
    expect(countersigned.status, countersigned.text).toBe(200);
    expect(countersigned.body.status).toBe("completed");
    const sealed = countersigned.body.document ?? (await eventually(async () => (await getConsent(c.id)).document, DOCUMENT_WAIT_MS));

    // Days later, on another phone: the outcome, the copy and the withdrawal, each after a new code.
    await setServerClock(2 * DAY_MS);
    const other = await phone();
    await other.goto(c.link.url);
    await other.getByRole("heading", { name: "Bu onam imzalandı" }).waitFor();
    await other.getByRole("heading", { name: "İmzalı belgeniz" }).waitFor();
    expect(await other.getByRole("button").allTextContents()).toEqual(["Belgemi indirmek istiyorum", "Onamımı geri almak istiyorum"]);
    expect(await other.getByTestId("signed-document").count()).toBe(0);
    expect(await other.content()).not.toContain("Deniz Kaya");
    await noHorizontalScroll(other);
    await shot(other, "parties-07-copy-offered");
    expect(await accessibilityViolations(other)).toEqual([]);
    // Worded in Arabic, right to left.
    await other.goto(`${c.link.url}?lang=ar`);
    await other.getByRole("heading", { name: messages.ar.copyHeading }).waitFor();
    expect(await other.locator("div[lang=ar]").first().getAttribute("dir")).toBe("rtl");
    await noHorizontalScroll(other);
    await shot(other, "parties-07b-copy-offered-ar");
    expect(await accessibilityViolations(other)).toEqual([]);
    await other.goto(c.link.url);

    const copyCode = await requestCode(other, c, "Belgemi indirmek istiyorum");
    // The keyboard follows the steps: the code field, then the link to the copy.
    expect(await other.getByLabel("SMS ile gelen 6 haneli kod").evaluate((el) => el === document.activeElement)).toBe(true);
    await other.keyboard.type(copyCode);
    await other.keyboard.press("Enter");
    const link = other.getByRole("link", { name: "İmzalı belgenizi indirin (PDF)" });
    await link.waitFor();
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await noHorizontalScroll(other);
    await shot(other, "parties-08-copy-ready");
    expect(await accessibilityViolations(other)).toEqual([]);
    const [download] = await Promise.all([other.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${c.id}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(sha256(pdf)).toBe(sealed.sha256);
    expect((await eventsOf(c.id)).data.at(-1)).toMatchObject({ event: "kopya_indirildi", actor: "signer" });

    // The same code serves the withdrawal, still on offer: no second code.
    const sent = outbox().filter((l) => l.kind === "otp" && l.consent_id === c.id).length;
    await other.getByRole("button", { name: "Onamımı geri almak istiyorum" }).click();
    const reason = other.getByLabel("Gerekçe (isteğe bağlı)");
    await reason.waitFor();
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await other.getByText("İmzaladığınız onamı geri alabilirsiniz; kurum bilgilendirilir, imzalı belge ve kanıtlar saklanır.").waitFor();
    expect(await accessibilityViolations(other)).toEqual([]);
    await other.getByRole("button", { name: "Onamımı geri al" }).click();
    await other.getByRole("heading", { name: "Bu onam geri alındı" }).waitFor();
    expect(outbox().filter((l) => l.kind === "otp" && l.consent_id === c.id)).toHaveLength(sent);
    expect((await getConsent(c.id)).status).toBe("withdrawn");
    expect((await eventsOf(c.id)).data.findLast((e) => e.event === "geri_alindi")).toMatchObject({ event: "geri_alindi", actor: "signer" });
    await setServerClock(0);
  });
});
