// The public verification page driven through Chromium on a phone-sized screen: the QR link of a signed
// PDF, the genuine file and a one-byte-altered copy, an unknown id, English — and proof that the PDF
// itself never leaves the browser (only { id, sha256 } is sent).
import { createHash } from "node:crypto";
import path from "node:path";
import { type Page, type Request } from "playwright-core";
import { accessibilityViolations, chromiumPerFile, recordCspViolations, SHOTS } from "./browser";
import { beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually } from "../api/client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

const chrome = chromiumPerFile();

type Doc = { sha256: string; pdf_url: string; verify_url: string };
type Signed = Consent & { document: Doc | null; timestamp: { status: string } };

let signed: Signed;
let pdf: Buffer;

beforeAll(async () => {

  const kod = await createTestTemplate();
  const c = await createConsent(consentBody(kod, { adsoyad: "Gizli Hasta Adı", tc: "10000000146" }));
  const token = tokenOf(c);
  const cookie = await verifiedSession(token, c.id);
  const res = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie);
  expect(res.status).toBe(200);
  // Wait for the PDF and its timestamp, so the page can show both.
  signed = await eventually(async () => {
    const cur = await call<Signed>("GET", `/v1/consents/${c.id}`);
    return cur.body.document && cur.body.timestamp?.status === "ok" ? cur.body : null;
  }, DOCUMENT_WAIT_MS);
  const pdfRes = await fetch(signed.document!.pdf_url);
  expect(pdfRes.status).toBe(200);
  pdf = Buffer.from(await pdfRes.arrayBuffer());
  expect(createHash("sha256").update(pdf).digest("hex")).toBe(signed.document!.sha256);
});

async function phone(): Promise<{ page: Page; requests: Request[] }> {
  const page = await (await chrome.context("phone")).newPage();
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  return { page, requests };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `verify-${name}.png`), fullPage: true });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const fileInput = (page: Page) => page.locator('input[type="file"]');
const verdict = (page: Page) => page.locator("[data-result]");

/** Every request body the page sent: none may carry the PDF, and the check sends only { id, sha256 }. */
function expectNoUpload(requests: Request[], id: string, digests: string[]): void {
  const pdfHead = pdf.subarray(0, 64).toString("latin1");
  for (const r of requests) {
    const body = r.postDataBuffer();
    if (!body) continue;
    expect(body.length, r.url()).toBeLessThanOrEqual(1024);
    expect(body.toString("latin1").includes("%PDF-"), r.url()).toBe(false);
    expect(body.toString("latin1").includes(pdfHead), r.url()).toBe(false);
  }
  const checks = requests.filter((r) => new URL(r.url()).pathname === "/api/public/verify");
  expect(checks.map((r) => r.method())).toEqual(digests.map(() => "POST"));
  expect(checks.map((r) => JSON.parse(r.postData() ?? "null"))).toEqual(digests.map((sha256) => ({ id, sha256 })));
  for (const r of checks) expect(r.headers().cookie).toBeUndefined();
}

describe("verification page", () => {
  it("checks the genuine PDF and an altered copy in the browser, sending only the digest", async () => {
    const { page, requests } = await phone();
    const cspViolations = await recordCspViolations(page);
    const doc = signed.document!;
    expect(doc.verify_url).toMatch(new RegExp(`/dogrula/${signed.id}$`));
    const res = await page.goto(doc.verify_url);
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Belge doğrulama" }).waitFor();
    expect(await page.getByLabel("Belge numarası").inputValue()).toBe(signed.id);
    await expect.poll(() => page.getByText("Hizmete güvenmeden doğrulayın").count()).toBe(1);
    await expect.poll(() => page.getByText("sha256sum onam.pdf").count()).toBe(1);
    await noHorizontalScroll(page);
    await shot(page, "01-prefilled");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The genuine file: matches, with the institution, the signing time and the (test) timestamp.
    await fileInput(page).setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: pdf });
    await verdict(page).and(page.locator('[data-result="match"]')).waitFor();
    const ok = await verdict(page).innerText();
    expect(ok).toContain("Eşleşiyor — bu belge imzalandığından beri değiştirilmemiş");
    expect(ok).toContain("Kurum");
    expect(ok).toMatch(/İmza zamanı\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \(GMT\+03:00\)/);
    expect(ok).toContain("test zaman damgası (yasal geçerliliği yok)");
    // decisions §14: the seal next to the digest verdict, and the guide's pdfsig/pdfdetach step.
    expect(ok).toMatch(/Belge mührü \(PAdES\)\s+geçerli — e-Onam Yerel Test Mührü \(B-LTA\)/);
    // decisions §20: where the consent's last record stands in the transparency log.
    expect(ok).toMatch(/Kamuya açık kayıt defteri\s+\d+\. sırada kayıtlı; kontrol noktası \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}.* tarihinde imzalandı/);
    await expect.poll(() => page.getByText("pdfdetach -save 1 -o kanit.json onam.pdf", { exact: false }).count()).toBe(1);
    expect(await page.getByText(/seal\/certificate\.pem/).count()).toBe(1);
    expect(ok).toContain(doc.sha256);
    expect(ok).not.toContain("Gizli Hasta Adı");
    const me = await call<{ tenant: { name: string } }>("GET", "/v1/me");
    expect(ok).toContain(me.body.tenant.name);
    // Focus moves to the verdict; it sits in a live region.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Eşleşiyor");
    expect(await verdict(page).evaluate((el) => el.closest("[aria-live]") !== null)).toBe(true);
    await noHorizontalScroll(page);
    await shot(page, "02-match");
    expect(await accessibilityViolations(page)).toEqual([]);

    // One byte changed in the middle: does not match, and says nothing about the recorded digest.
    const altered = Buffer.from(pdf);
    const at = Math.floor(altered.length / 2);
    altered[at] = altered[at]! ^ 0x01;
    const alteredDigest = createHash("sha256").update(altered).digest("hex");
    await fileInput(page).setInputFiles({ name: "onam-kopya.pdf", mimeType: "application/pdf", buffer: altered });
    await page.locator('[data-result="mismatch"]').waitFor();
    const bad = await verdict(page).innerText();
    expect(bad).toContain("Eşleşmiyor — bu belge kayıtlı belgeyle aynı değil (değiştirilmiş olabilir)");
    expect(bad).not.toContain(doc.sha256);
    expect(bad).not.toContain("Gizli Hasta Adı");
    await shot(page, "03-mismatch");

    expectNoUpload(requests, signed.id, [doc.sha256, alteredDigest]);
    expect(await cspViolations()).toEqual([]);
  });

  it("accepts a typed digest and says when no document has the id, or the consent was not signed", async () => {
    const { page, requests } = await phone();
    const unknown = "ons_260101_aaaaaaaaaaaaaa";
    await page.goto(signed.document!.verify_url.replace(/\/dogrula\/.*$/, "/dogrula"));
    expect(await page.getByLabel("Belge numarası").inputValue()).toBe("");
    await page.getByRole("radio", { name: "SHA-256 özetiyle" }).check();
    await page.getByRole("textbox", { name: "SHA-256 özeti" }).fill(signed.document!.sha256);
    // A malformed id is caught in the page, before anything is sent.
    await page.getByLabel("Belge numarası").fill("12345");
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.getByText("Bu geçerli bir belge numarası değil.", { exact: false }).waitFor();
    expect(await page.getByLabel("Belge numarası").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Belge numarası").fill(unknown);
    await page.getByRole("radio", { name: "SHA-256 özetiyle" }).check();
    await page.getByRole("textbox", { name: "SHA-256 özeti" }).fill(signed.document!.sha256);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.locator('[data-result="not-found"]').waitFor();
    expect(await verdict(page).innerText()).toContain("Bu numarayla kayıtlı belge bulunamadı");
    await shot(page, "04-not-found");
    expectNoUpload(requests, unknown, [signed.document!.sha256]);

    // A consent that exists but was never signed: no document, which is no alteration either.
    const open = await createConsent(consentBody(await createTestTemplate()));
    await page.getByLabel("Belge numarası").fill(open.id);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.locator('[data-result="unsigned"]').waitFor();
    const text = await verdict(page).innerText();
    expect(text).toContain("Bu onam imzalanmamış");
    expect(text).toContain("imza bekliyor");

    // A pasted `sha256sum` line, with spaces around it, is the digest it starts with.
    await page.getByLabel("Belge numarası").fill(signed.id);
    await page.getByRole("textbox", { name: "SHA-256 özeti" }).fill(`  ${signed.document!.sha256}  onam.pdf `);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.locator('[data-result="match"]').waitFor();

    // Withdrawn later (decisions §18): the document still matches, and the page says what became of it;
    // an altered copy of a withdrawn consent is still an alteration, not "unsigned".
    expect((await call("POST", `/v1/consents/${signed.id}/withdraw`, { body: {} })).status).toBe(200);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await expect.poll(() => verdict(page).innerText()).toContain("imzalandı, sonra geri alındı");
    expect(await page.locator('[data-result="match"]').count()).toBe(1);
    await page.getByRole("textbox", { name: "SHA-256 özeti" }).fill("0".repeat(64));
    await page.getByRole("button", { name: "Doğrula" }).click();
    await page.locator('[data-result="mismatch"]').waitFor();
  });

  it("verifies a dropped PDF by its digest alone, with no number typed (decisions §23)", async () => {
    const { page, requests } = await phone();
    await page.goto(signed.document!.verify_url.replace(/\/dogrula\/.*$/, "/dogrula"));
    // The offline guide is folded away until asked for.
    expect(await page.getByText("sha256sum onam.pdf").isVisible()).toBe(false);
    await fileInput(page).setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.locator('[data-result="match"]').waitFor();
    expect(await verdict(page).innerText()).toContain(signed.id);
    const other = Buffer.concat([pdf, Buffer.from("\n")]);
    await fileInput(page).setInputFiles({ name: "baska.pdf", mimeType: "application/pdf", buffer: other });
    await page.locator('[data-result="not-found"]').waitFor();
    expect(await verdict(page).innerText()).toContain("Bu dosyayla eşleşen kayıtlı bir belge bulunamadı");
    const sent = requests.filter((r) => new URL(r.url()).pathname === "/api/public/verify").map((r) => JSON.parse(r.postData() ?? "null"));
    expect(sent).toEqual([{ sha256: signed.document!.sha256 }, { sha256: createHash("sha256").update(other).digest("hex") }]);
    await page.getByText("Hizmete güvenmeden doğrulayın").click();
    expect(await page.getByText("sha256sum onam.pdf").isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  // issue #51: a refusal record's match said "unchanged since it was signed" — nobody signed it.
  it("says a refusal record is unchanged since it was recorded, with its status in Turkish", async () => {
    const kod = await createTestTemplate();
    const c = await createConsent(consentBody(kod));
    const refused = await call("POST", `/v1/consents/${c.id}/refusal`, { body: { reason: "Hasta imzalamak istemedi", tanik_ad: "Hemşire Elif Demir" } });
    expect(refused.status, refused.text).toBe(200);
    const recorded = await eventually(async () => {
      const cur = await call<Signed>("GET", `/v1/consents/${c.id}`);
      return cur.body.document ? cur.body : null;
    }, DOCUMENT_WAIT_MS);
    const file = Buffer.from(await (await fetch(recorded.document!.pdf_url)).arrayBuffer());
    const { page } = await phone();
    await page.goto(recorded.document!.verify_url);
    await fileInput(page).setInputFiles({ name: "ret.pdf", mimeType: "application/pdf", buffer: file });
    await page.locator('[data-result="match"]').waitFor();
    const text = await verdict(page).innerText();
    expect(text).toContain("Eşleşiyor — bu tutanak kaydedildiğinden beri değiştirilmemiş");
    expect(text).not.toContain("imzalandığından");
    expect(text).toContain("reddedildi");
    await shot(page, "refusal-record-360");
  });

  // issue #51: a dropped file that is not a PDF got no message.
  it("says a dropped file that is not a PDF is not one, and sends nothing", async () => {
    const { page, requests } = await phone();
    await page.goto(signed.document!.verify_url.replace(/\/dogrula\/.*$/, "/dogrula"));
    await page.getByText("Dosya yüklenmez; özeti tarayıcınızda hesaplanır.").waitFor();
    const drop = page.locator("label", { has: fileInput(page) });
    // A real drop event (the input's `accept` filters only the file picker), after hydration.
    await expect.poll(async () => {
      const dt = await page.evaluateHandle(() => {
        const d = new DataTransfer();
        d.items.add(new File(["Sayın hasta, bu bir PDF değil."], "not.txt", { type: "text/plain" }));
        return d;
      });
      await drop.dispatchEvent("drop", { dataTransfer: dt });
      return page.getByText("Bu dosya bir PDF değil.").count();
    }).toBe(1);
    expect(await page.locator("[data-result]").count()).toBe(0);
    expect(requests.filter((r) => new URL(r.url()).pathname === "/api/public/verify")).toEqual([]);
    await shot(page, "not-a-pdf-360");
  });

  it("speaks English with ?lang=en", async () => {
    const { page } = await phone();
    await page.goto(`${signed.document!.verify_url}?lang=en`);
    await page.getByRole("heading", { name: "Document verification" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByLabel("Document number").inputValue()).toBe(signed.id);
    await page.getByText("Verify without trusting us").waitFor();
    await fileInput(page).setInputFiles({ name: "consent.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.locator('[data-result="match"]').waitFor();
    const ok = await verdict(page).innerText();
    expect(ok).toContain("Matches — this document has not been changed since it was signed");
    expect(ok).toContain("test timestamp (not legally valid)");
    expect(ok).toMatch(/Document seal \(PAdES\)\s+valid — e-Onam Yerel Test Mührü \(B-LTA\)/);
    expect(ok).toMatch(/Public log\s+recorded in the public log at position \d+; checkpoint signed at /);
    await noHorizontalScroll(page);
    await shot(page, "05-english");
    await page.getByRole("link", { name: "Türkçe'ye geç" }).click();
    await page.getByRole("heading", { name: "Belge doğrulama" }).waitFor();
  });

  it("speaks the six languages of decisions §17: Arabic right to left at 360 px, and the others from the list at its foot", async () => {
    const { page } = await phone();
    await page.goto(`${signed.document!.verify_url}?lang=ar`);
    await page.getByRole("heading", { name: "التحقق من المستند" }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    const shell = page.locator('div[lang="ar"][dir="rtl"]').first();
    expect(await shell.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    expect(await page.getByLabel("رقم المستند").inputValue()).toBe(signed.id);
    await fileInput(page).setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.locator('[data-result="match"]').waitFor();
    const ok = await verdict(page).innerText();
    expect(ok).toContain("متطابق — لم يتغيّر هذا المستند منذ توقيعه");
    expect(ok).toContain("ختم زمني تجريبي (بلا حجية قانونية)");
    expect(ok).toMatch(/ختم المستند \(PAdES\)\s+صالح — e-Onam Yerel Test Mührü \(B-LTA\)/);
    expect(ok).toContain(signed.document!.sha256);
    await noHorizontalScroll(page);
    await shot(page, "06-arabic");
    expect(await accessibilityViolations(page)).toEqual([]);

    const languages = page.getByRole("navigation", { name: "هذه الصفحة بلغات أخرى" });
    expect((await languages.getByRole("link").allInnerTexts()).sort()).toEqual(["Deutsch", "English", "Français", "Türkçe", "Русский"].sort());
    await languages.getByRole("link", { name: "Deutsch" }).click();
    await page.getByRole("heading", { name: "Dokument prüfen" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByLabel("Dokumentnummer").inputValue()).toBe(signed.id);
    await page.getByText("Prüfen, ohne uns zu vertrauen").waitFor();
  });
});
