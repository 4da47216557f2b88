// The public page shows the one verifier's verdicts a person can read (issue #47, decisions §24):
// the service's own sealed consent dropped on /dogrula/{id} lists every signature with its role, valid
// and trusted, and says VALID; a copy painted over after the seal (tests/verifier/forgeries.ts) matches
// nothing, and — only once the person asks to send it — the file itself is judged INVALID with the
// reason in the page's language and the verifier's own words. Until that click nothing but digests
// leaves the browser.
import { createHash } from "node:crypto";
import { type Page, type Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { call, DOCUMENT_WAIT_MS, eventually } from "../api/client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import { paintOver } from "../verifier/forgeries";
import { accessibilityViolations, chromiumPerFile } from "./browser";

const chrome = chromiumPerFile();

type Signed = Consent & { document: { sha256: string; pdf_url: string; verify_url: string } | null; timestamp: { status: string } };

let signed: Signed;
let genuine: Buffer;
let forged: Buffer;

beforeAll(async () => {
  const c = await createConsent(consentBody(await createTestTemplate(), { adsoyad: "Gizli Hasta Adı" }));
  const token = tokenOf(c);
  const res = await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, await verifiedSession(token, c.id));
  expect(res.status).toBe(200);
  signed = await eventually(async () => {
    const cur = await call<Signed>("GET", `/v1/consents/${c.id}`);
    return cur.body.document && cur.body.timestamp?.status === "ok" ? cur.body : null;
  }, DOCUMENT_WAIT_MS);
  genuine = Buffer.from(await (await fetch(signed.document!.pdf_url)).arrayBuffer());
  expect(createHash("sha256").update(genuine).digest("hex")).toBe(signed.document!.sha256);
  forged = await paintOver(genuine);
});

async function phone(): Promise<{ page: Page; requests: Request[] }> {
  const page = await (await chrome.context("phone")).newPage();
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  return { page, requests };
}

/**
 * Requests that sent the file, or could have: the page's server action (its multipart body is not
 * shown by Playwright) and any POST with a body over 1 KiB — a digest check is about 100 bytes.
 */
async function uploads(requests: Request[]): Promise<Request[]> {
  const posts = await Promise.all(requests.filter((r) => r.method() === "POST").map(async (r) => ({ r, size: (await r.sizes()).requestBodySize })));
  return posts.filter(({ r, size }) => r.headers()["next-action"] !== undefined || size > 1024).map(({ r }) => r);
}

describe("the verifier's verdicts on the public page", () => {
  it("lists every signature of a genuine consent with its role, and says VALID", async () => {
    const { page, requests } = await phone();
    await page.goto(signed.document!.verify_url);
    await page.locator('input[type="file"]').setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: genuine });
    const box = page.locator('[data-result="match"]');
    await box.waitFor();
    const items = box.locator("[data-signature]");
    expect(await items.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-signature")} ${e.getAttribute("data-good")}`))).toEqual([
      "seal true",
      "timestamp true",
      "document-timestamp true",
    ]);
    const text = await box.innerText();
    expect(text).toMatch(/Belgedeki imzalar/);
    expect(text).toMatch(/Kurum mührü — e-Onam Yerel Test Mührü\s+geçerli · güvenilir · \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \(GMT\+03:00\)/);
    expect(text).toMatch(/İmza zaman damgası — e-Onam Yerel Test Zaman Damgası\s+geçerli · güvenilir/);
    expect(text).toMatch(/Arşiv zaman damgası — e-Onam Yerel Test Zaman Damgası\s+geçerli · güvenilir/);
    expect(text).toContain("GEÇERLİ — her denetim sağlandı");
    // A matching file is never offered for sending: the verdict is about these very bytes.
    expect(await page.getByRole("button", { name: "Dosyayı gönder ve incelet" }).count()).toBe(0);
    expect(await uploads(requests)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("refuses a copy painted over after the seal, with the reason in plain words, once the person sends it", async () => {
    const { page, requests } = await phone();
    await page.goto(`${signed.document!.verify_url}?lang=en`);
    await page.locator('input[type="file"]').setInputFiles({ name: "onam-kopya.pdf", mimeType: "application/pdf", buffer: forged });
    await page.locator('[data-result="mismatch"]').waitFor();
    const send = page.getByRole("button", { name: "Send the file and check it" });
    await send.waitFor();
    expect(await uploads(requests), "nothing sent before the person asks").toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    await send.click();
    const result = page.locator('[data-file-result="invalid"]');
    await result.waitFor();
    const text = await result.innerText();
    expect(text).toContain("The file itself: INVALID");
    expect(text).toContain("The document was changed after it was sealed");
    expect(text).toMatch(/The verifier’s technical detail: changes after the seal: page 1's \/Contents was changed/);
    expect(text).toContain(signed.id);
    // The seal itself still holds over the sealed revision: the list says so, the verdict does not change.
    expect(text).toMatch(/Institution’s seal — e-Onam Yerel Test Mührü\s+valid · trusted/);
    expect(text).not.toContain("Gizli Hasta Adı");
    const sent = await uploads(requests);
    expect(sent.length, "the file is sent once, on the click").toBe(1);
    expect(sent[0]!.headers()["next-action"], "to the page's server action").toBeTruthy();
    // Focus lands on the new verdict.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("INVALID");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("says the same of the genuine file sent the same way, in Turkish", async () => {
    // Dropped without a number on /dogrula, a genuine file matches by its digest; sent anyway (a person
    // holding a copy the service no longer keeps), the file itself is VALID with every signature.
    const { page } = await phone();
    await page.goto(signed.document!.verify_url.replace(/\/dogrula\/.*$/, "/dogrula"));
    await page.getByLabel("Belge numarası").fill("ons_260101_aaaaaaaaaaaaaa");
    await page.locator('input[type="file"]').setInputFiles({ name: "onam.pdf", mimeType: "application/pdf", buffer: genuine });
    await page.locator('[data-result="not-found"]').waitFor();
    await page.getByRole("button", { name: "Dosyayı gönder ve incelet" }).click();
    const result = page.locator('[data-file-result="valid"]');
    await result.waitFor();
    const text = await result.innerText();
    expect(text).toContain("Dosyanın kendisi: GEÇERLİ");
    expect(text).toMatch(/Düzey \(PAdES\)\s+B-LTA/);
    expect(await result.locator("[data-signature]").evaluateAll((els) => els.map((e) => e.getAttribute("data-signature")))).toEqual(["seal", "timestamp", "document-timestamp"]);
  });
});
