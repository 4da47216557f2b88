// Issue #49: a signature is any valid PNG a signature tablet exports (decisions §19 asks for "a PNG":
// 8-bit grey, RGB, palette, with or without alpha), decoded by sharp under a pixel cap, so that a
// few KB claiming millions of pixels are refused at once with 422 rather than inflated on every request.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { call, eventually, expectProblem } from "./client";
import { consentBody, createConsent, createTestTemplate, type Consent } from "./consent-helpers";
import { pngDataUrl, signer, tokenOf, verifiedSession } from "./signing-helpers";
import { pngOf, signaturePng } from "@/tests/fixtures/png";

let kod: string;
beforeAll(async () => {
  kod = await createTestTemplate();
});

/** The IHDR's colour type. */
const colourType = (png: Buffer) => png[25];

/** A dark stroke on a white pad, 8-bit grey (type 0) or RGB (type 2), as a tablet exports it. */
function tablet(channels: 1 | 3): Buffer {
  const [w, h] = [240, 80];
  const rows = Buffer.alloc((w * channels + 1) * h, 255);
  for (let y = 0; y < h; y++) rows[y * (w * channels + 1)] = 0;
  for (let x = 10; x < w - 10; x++) for (let y = 38; y < 42; y++) rows.fill(20, y * (w * channels + 1) + 1 + x * channels, y * (w * channels + 1) + 1 + (x + 1) * channels);
  return pngOf(w, h, rows, { colourType: channels === 1 ? 0 : 2 });
}
const palette = () => sharp(signaturePng(240, 80)).flatten({ background: "#ffffff" }).png({ palette: true }).toBuffer();

/** Istanbul wall clock (UTC+3), `ms` from now. */
const wallClock = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

async function signedAwaitingPhysician(signature: Buffer): Promise<Consent> {
  const c = await createConsent(consentBody(kod, { hekim_imzasi: true }));
  const cookie = await verifiedSession(tokenOf(c), c.id);
  const res = await signer<{ status: string }>(tokenOf(c), "sign", { signature: pngDataUrl(signature), read: true, understood: true }, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status).toBe("signed");
  return c;
}

const countersign = (c: Consent, imza: Buffer) =>
  call<{ status: string }>("POST", `/v1/consents/${c.id}/countersign`, {
    body: { hekim_ad: "Dr. Şule Işık", bilgilendirme_zamani: wallClock(-60_000), imza: pngDataUrl(imza) },
  });

describe("signature images", { timeout: 180_000 }, () => {
  it("takes a grey, an RGB or a palette PNG for the person's signature and the API countersignature", async () => {
    const grey = tablet(1);
    const rgb = tablet(3);
    const indexed = await palette();
    expect([colourType(grey), colourType(rgb), colourType(indexed)]).toEqual([0, 2, 3]);
    for (const [person, physician] of [[rgb, grey], [indexed, rgb], [grey, indexed]] as const) {
      const c = await signedAwaitingPhysician(person);
      const res = await countersign(c, physician);
      expect(res.status, res.text).toBe(200);
      // The document is produced with both images in it.
      await eventually(async () => (await call<{ status: string }>("GET", `/v1/consents/${c.id}`)).body.status === "completed", 60_000);
    }
  });

  it("refuses at once, with 422 naming imza, a 32 KB PNG that inflates to 32 MiB", async () => {
    const c = await signedAwaitingPhysician(tablet(3));
    const rows = Buffer.alloc((4096 * 4 + 1) * 2048);
    rows[rows.length - 1] = 255; // one inked pixel: it would count as drawn
    const bomb = pngOf(4096, 2048, rows);
    expect(bomb.length).toBeLessThan(40_000);
    const started = Date.now();
    const res = await countersign(c, bomb);
    const p = expectProblem(res, 422, "validation_failed");
    expect(p.errors).toEqual({ imza: ["imza bir PNG görüntüsü olmalı"] });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await call<{ status: string }>("GET", `/v1/consents/${c.id}`)).body.status).toBe("signed");
  });
});
