// Webhook settings in the panel through Chromium, against a real local receiver: save the address
// (the secret is shown), send a test event that verifies with it, see it in the history, resend a
// failed delivery under the same id, rotate the secret (both signatures for 24 h); staff may not enter.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessibilityViolations, chromiumPerFile, SHOTS } from "./browser";
import { base, newPage, noHorizontalScroll, signIn, users } from "./panel-helpers";

const chrome = chromiumPerFile();

interface Hit {
  delivery: string;
  event: string;
  timestamp: string;
  signature: string;
  raw: string;
}

let receiver: http.Server;
let receiverUrl: string;
let answer = 200;
const hits: Hit[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      hits.push({
        delivery: String(req.headers["x-service-delivery"]),
        event: String(req.headers["x-service-event"]),
        timestamp: String(req.headers["x-service-timestamp"]),
        signature: String(req.headers["x-service-signature"]),
        raw,
      });
      res.writeHead(answer).end(answer === 200 ? "ok" : "down for maintenance");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/eonam`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const sign = (secret: string, h: Hit) => `sha256=${createHmac("sha256", secret).update(`${h.timestamp}.${h.raw}`).digest("hex")}`;
const verifies = (secret: string, h: Hit) =>
  h.signature.split(",").some((s) => {
    const want = Buffer.from(sign(secret, h));
    return s.length === want.length && timingSafeEqual(Buffer.from(s), want);
  });

/** Sends a test event and waits for the receiver to get it and the page to say how it went. */
async function sendTest(page: Page, outcome: RegExp): Promise<Hit> {
  const before = hits.length;
  await page.getByRole("button", { name: "Test olayı gönder" }).click();
  await expect.poll(() => hits.length).toBe(before + 1);
  await page.getByText(outcome).waitFor();
  return hits.at(-1)!;
}

describe("panel webhooks", () => {
  it("saves the address, sends a verifiable test event, shows the history and resends a failed delivery", async () => {
    const page = await newPage(chrome, "phone");
    await signIn(page, users.other_owner);
    await page.goto(`${base}/panel/webhooks`);
    await page.getByLabel("Webhook adresi (https://)").fill(receiverUrl);
    // Every event is described (consent.withdrawn, added later, once stood there bare) and can be chosen.
    await page.getByLabel("consent.withdrawn — kişi imzaladığı onamı geri aldı").check();
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Webhook ayarları kaydedildi.").waitFor();
    expect(await page.getByLabel("consent.withdrawn — kişi imzaladığı onamı geri aldı").isChecked()).toBe(true);
    const secret = (await page.getByTestId("webhook-secret-value").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await noHorizontalScroll(page, 360);

    answer = 200;
    const first = await sendTest(page, /Test olayı teslim edildi \(HTTP 200\)/);
    expect(first.event).toBe("webhook.test");
    expect(verifies(secret, first)).toBe(true);
    expect((JSON.parse(first.raw) as { delivery_id: number }).delivery_id).toBe(Number(first.delivery));
    const delivered = page.locator(`[data-delivery-id="${first.delivery}"]`);
    await expect.poll(() => delivered.getAttribute("data-status")).toBe("delivered");
    expect(await delivered.getByTestId("attempt-status").first().innerText()).toBe("200");

    answer = 503;
    const failedId = (await sendTest(page, /^Test olayı teslim edilemedi: Alıcı HTTP 503 yanıtı verdi\.$/)).delivery;
    await page.getByRole("link", { name: "Başarısız" }).click();
    await page.waitForURL(/status=failed/);
    const failed = page.locator(`[data-delivery-id="${failedId}"]`);
    await expect.poll(() => failed.getAttribute("data-status")).toBe("failed");
    expect(await failed.getByTestId("attempt-status").first().innerText()).toBe("503");
    // The status shows once, in its column; the last one is what the endpoint said, not "HTTP 503" again.
    expect(await failed.locator('[data-attempt="1"]').innerText()).not.toContain("HTTP 503");
    expect(await failed.locator('[data-attempt="1"]').innerText()).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \(GMT\+03:00\)/);
    expect(await page.locator(`[data-delivery-id="${first.delivery}"]`).count()).toBe(0);
    await noHorizontalScroll(page, 360);

    answer = 200;
    await failed.getByRole("button", { name: "Yeniden gönder" }).click();
    // The row leaves the "failed" list on refresh; the outcome stays above the list, naming the delivery.
    await expect.poll(() => failed.count()).toBe(0);
    await page.getByText(`#${failedId}: Yeniden gönderildi (HTTP 200).`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const resent = hits.at(-1)!;
    expect(resent.delivery).toBe(failedId);
    expect(verifies(secret, resent)).toBe(true);
    await page.goto(`${base}/panel/webhooks?status=delivered`);
    const row = page.locator(`[data-delivery-id="${failedId}"]`);
    await row.waitFor();
    expect(await row.locator("[data-attempt]").count()).toBe(2);
    expect(await row.locator('[data-attempt="2"]').innerText()).toContain("elle");
  });

  it("rotates the secret: new and old signatures are both sent, the new one first", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.other_owner);
    await page.goto(`${base}/panel/webhooks`);
    await page.getByRole("button", { name: "Anahtarı göster" }).click();
    const old = (await page.getByTestId("webhook-secret-value").textContent())!;
    await page.getByRole("button", { name: "Anahtarı yenile" }).click();
    await page.getByRole("button", { name: "Evet, yenile" }).click();
    await page.getByText("Yeni imza anahtarı").waitFor();
    const fresh = (await page.getByTestId("webhook-secret-value").textContent())!;
    expect(fresh).not.toBe(old);
    await page.getByText(/Önceki anahtar .* saatine kadar geçerli/).waitFor();

    answer = 200;
    const h = await sendTest(page, /Test olayı teslim edildi/);
    const [first, second] = h.signature.split(",");
    expect(first).toBe(sign(fresh, h));
    expect(second).toBe(sign(old, h));
  });

  // issue #51: a refusal printed twice (the message and the field's error were the same text), and a
  // failed attempt's reason in raw English ("ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:…").
  it("says each error once, in Turkish", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.other_owner);
    await page.goto(`${base}/panel/webhooks`);
    const alert = page.locator('p[role="alert"]');
    // An address the form takes and the service refuses (the scheme): the refusal once, not twice.
    await page.getByLabel("Webhook adresi (https://)").fill("ftp://alici.example/hooks");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await alert.getByText("Webhook adresi https:// ile başlamalı.").waitFor();
    expect(await alert.innerText()).toBe("Webhook adresi https:// ile başlamalı.");

    // A port nobody listens on: the test event fails, said in Turkish, and the history says the same.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await page.getByLabel("Webhook adresi (https://)").fill(`http://127.0.0.1:${port}/hooks`);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Webhook ayarları kaydedildi.").waitFor();
    await page.getByRole("button", { name: "Test olayı gönder" }).click();
    const refused = "Alıcı bağlantıyı reddetti (adreste dinleyen bir sunucu yok).";
    await alert.getByText(`Test olayı teslim edilemedi: ${refused}`).waitFor();
    await page.locator('[data-attempt="1"]', { hasText: refused }).first().waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/ECONNREFUSED|connect /);
    await page.screenshot({ path: path.join(SHOTS, "panel-webhooks-errors-desktop.png"), fullPage: true });

    // Back to the receiver for whatever runs next.
    await page.getByLabel("Webhook adresi (https://)").fill(receiverUrl);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Webhook ayarları kaydedildi.").waitFor();
  });

  it("is closed to staff", async () => {
    const page = await newPage(chrome, "desktop");
    await signIn(page, users.staff);
    expect(await page.getByRole("link", { name: "Webhooklar" }).count()).toBe(0);
    const res = await page.goto(`${base}/panel/webhooks`);
    expect(res?.status()).toBe(403);
  });
});
