// Consents awaiting a physician (decisions §19) and the countersign page's signature pad, for the
// physician's browser tests: a consent is made `signed` through the API (hekim_imzasi) and the
// signing endpoints, as the person's phone would; the pad is drawn on with the mouse or a finger.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { call, type CallOptions } from "../api/client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "../api/consent-helpers";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";

export interface SignedConsent extends Consent {
  signed_at: string;
  physician_countersign: { required: true; name: string | null; registration_no: string | null; informed_at: string | null; signed_at: string | null } | null;
  document: { pdf_url: string | null; sha256: string } | null;
}

const templates = new Map<string, Promise<string>>();

/** A consent of the key's tenant that the person signed and that awaits the physician. */
export async function signedConsent(extra: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<SignedConsent> {
  const tenant = JSON.stringify(opts.key ?? null);
  if (!templates.has(tenant)) templates.set(tenant, createTestTemplate(opts));
  const kod = await templates.get(tenant)!;
  const c = await createConsent(consentBody(kod, { hekim_imzasi: true, ...extra }), opts);
  const cookie = await verifiedSession(tokenOf(c), c.id);
  const signature = await signaturePng();
  const body = { signature, read: true, understood: true, ...(extra.tanik_ad ? { witness_signature: signature } : {}) };
  const signed = await signer(tokenOf(c), "sign", body, cookie);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const after = await consentOf(c.id, opts);
  expect(after.status).toBe("signed");
  return after;
}

export async function consentOf(id: string, opts: CallOptions = {}): Promise<SignedConsent> {
  const res = await call<SignedConsent>("GET", `/v1/consents/${id}`, opts);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The pad's corners in the viewport, scrolled into view. */
async function padBox(page: Page, testId = "countersign-canvas"): Promise<{ x: number; y: number; width: number; height: number }> {
  const canvas = page.getByTestId(testId);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** A stroke across the pad, as a curve of points inside its box. */
function stroke(box: { x: number; y: number; width: number; height: number }): { x: number; y: number }[] {
  return Array.from({ length: 24 }, (_, i) => ({
    x: box.x + 20 + (i * (box.width - 40)) / 23,
    y: box.y + box.height / 2 + Math.sin(i / 2.5) * (box.height / 4),
  }));
}

/** Draws with the mouse (page.mouse: pointer events of a mouse, as on a desk) on the countersignature's pad, or another. */
export async function drawWithMouse(page: Page, testId?: string): Promise<void> {
  const points = stroke(await padBox(page, testId));
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 2 });
  await page.mouse.up();
}

/** Draws with a finger: touch events through the DevTools protocol, which Chromium turns into touch pointer events. */
export async function drawWithFinger(page: Page): Promise<void> {
  const points = stroke(await padBox(page));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: points[0]!.x, y: points[0]!.y }] });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: p.x, y: p.y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Whether the pad holds ink: some pixel of the canvas is not transparent. */
export function padHasInk(page: Page): Promise<boolean> {
  return page.getByTestId("countersign-canvas").evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}
