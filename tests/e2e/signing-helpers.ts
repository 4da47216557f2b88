// The signing page's steps as a patient's phone takes them (open the SMS link, ask for the code,
// enter it, draw a signature), shared by the signing page's browser tests.
import path from "node:path";
import { type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { SHOTS, type FileBrowser } from "./browser";
import { call, eventually } from "../api/client";
import { outbox, type Consent } from "../api/consent-helpers";
import { messages, type Lang } from "@/components/signing/messages";

type Doc = { sha256: string; pdf_url: string; evidence_url: string; tsr_url: string; verify_url: string };
export type ConsentWithDoc = Consent & { document: Doc | null; reject_reason: string | null };

/** A page on a new phone-sized context of the file's browser, for each call of the returned function. */
export function phoneOf(chrome: FileBrowser): () => Promise<Page> {
  return async () => (await chrome.context("phone")).newPage();
}

export const tokenOf = (c: Consent) => new URL(c.link.url).pathname.split("/").pop()!;
export const otpLines = (id: string) => outbox().filter((l) => l.kind === "otp" && l.consent_id === id);

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

export async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
}

/** Opens the short link from the SMS, which redirects to the signing page. */
export async function openShortLink(page: Page, c: Consent): Promise<void> {
  const res = await page.goto(c.link.short);
  expect(res?.status()).toBe(200);
  expect(page.url()).toBe(c.link.url);
}

/**
 * Waits until React has hydrated the element (its props are attached): a click before that is lost,
 * which CI's loaded host once showed as a code never sent.
 */
export async function hydrated(target: Locator): Promise<Locator> {
  await target.waitFor();
  await target.page().waitForFunction((el) => Object.keys(el!).some((k) => k.startsWith("__reactProps")), await target.elementHandle());
  return target;
}

/** Taps the send button and returns the code from the newest OTP message of the outbox. */
export async function requestCode(page: Page, c: Consent, button = "SMS ile kod gönder"): Promise<string> {
  const before = otpLines(c.id).length;
  await (await hydrated(page.getByRole("button", { name: button }))).click();
  const line = await eventually(async () => {
    const lines = otpLines(c.id);
    return lines.length > before ? lines.at(-1) : null;
  });
  const code = /\b(\d{6})\b/.exec(line.body)?.[1];
  expect(code, line.body).toBeTruthy();
  // The number sits in a left-to-right isolate (U+2066 … U+2069), so that it reads the same in Arabic.
  await page.getByText("Kod \u2066+90532*****67\u2069 numarasına gönderildi.").waitFor();
  return code!;
}

export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel("SMS ile gelen 6 haneli kod").fill(code);
  await page.getByRole("button", { name: "Kodu doğrula" }).click();
}

/** Verifies the phone through the page worded in `lang`: asks for a code, enters the newest one, waits for the approval step. */
export async function verifyIn(page: Page, c: Consent, lang: Lang): Promise<void> {
  const t = messages[lang];
  const before = otpLines(c.id).length;
  await (await hydrated(page.getByRole("button", { name: t.sendCode }))).click();
  const line = await eventually(async () => otpLines(c.id).at(before) ?? null);
  await page.getByLabel(t.codeLabel).fill(/\b(\d{6})\b/.exec(line.body)![1]!);
  await page.getByRole("button", { name: t.verify, exact: true }).click();
  await page.getByRole("heading", { name: t.stepApprove }).waitFor();
}

export async function verify(page: Page, c: Consent): Promise<void> {
  const code = await requestCode(page, c);
  await enterCode(page, code);
  await page.getByText("Telefonunuz doğrulandı.").waitFor();
  await page.getByRole("heading", { name: "2. Onayınız" }).waitFor();
  // The server's render for the verified browser (the text, the details, the other parties' pads)
  // arrives after the step is shown; it moves the pads down, so drawing before it can miss the pad.
  await page.getByRole("heading", { name: "Onam metni" }).waitFor();
}

/** A few strokes with the mouse across the signature canvas (the only one on the page). */
export async function drawSignature(page: Page): Promise<void> {
  await drawOn(page, page.getByRole("img", { name: "İmza alanı" }));
}

/** A few strokes with the mouse across one signature pad: the person's, the interpreter's, the witness's. */
export async function drawOn(page: Page, canvas: Locator): Promise<void> {
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

export async function getConsent(id: string): Promise<ConsentWithDoc> {
  const res = await call<ConsentWithDoc>("GET", `/v1/consents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
