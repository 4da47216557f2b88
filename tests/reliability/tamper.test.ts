// Tampering is detected: an altered event row breaks chain.ok, an altered PDF byte no longer
// verifies through POST /v1/verify, and an altered TSR byte fails `openssl ts -verify`.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../api/client";
import { signaturePng, signer, tokenOf, verifiedSession } from "../api/signing-helpers";
import type { Consent } from "../api/consent-helpers";
import { demoConsent, ownServer, type OwnServer } from "./harness";

type Signed = Consent & { document: { sha256: string; pdf_url: string; tsr_url: string }; timestamp: { status: string } };

let s: OwnServer;
let signed: Signed;
let caFile: string;

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const flip = (b: Buffer, at: number) => {
  const copy = Buffer.from(b);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};

beforeAll(async () => {
  s = await ownServer("tamper", { TSA_RETRY_SCHEDULE: "0" });
  const c = (await s.api<Consent>("POST", "/v1/consents", demoConsent())).body;
  const token = tokenOf(c);
  const cookie = await verifiedSession(token, c.id, { url: s.server.url, dataDir: s.dataDir });
  expect((await signer(token, "sign", { signature: await signaturePng(), read: true, understood: true }, cookie, s.server.url)).status).toBe(200);
  signed = await eventually(async () => {
    const got = await s.api<Signed>("GET", `/v1/consents/${c.id}`);
    return got.body.timestamp.status === "ok" ? got.body : null;
  }, 30_000);
  caFile = path.join(s.dataDir, "tsa.pem");
  fs.writeFileSync(caFile, await (await fetch(`${s.server.url}/tsa/certificate.pem`)).text());
}, 180_000);

afterAll(async () => {
  await s?.close();
}, 60_000);

describe("tampering", { timeout: 120_000 }, () => {
  it("a changed PDF byte no longer matches through POST /v1/verify", async () => {
    const pdf = Buffer.from(await (await fetch(signed.document.pdf_url)).arrayBuffer());
    expect(sha256(pdf)).toBe(signed.document.sha256);
    expect((await s.api("POST", "/v1/verify", { id: signed.id, sha256: sha256(pdf) })).body.match).toBe(true);
    for (const at of [0, Math.floor(pdf.length / 2), pdf.length - 1]) {
      const res = await s.api("POST", "/v1/verify", { id: signed.id, sha256: sha256(flip(pdf, at)) });
      expect(res.status).toBe(200);
      expect(res.body.match).toBe(false);
    }
  });

  it("a changed TSR byte no longer verifies with openssl ts -verify", async () => {
    const tsr = Buffer.from(await (await fetch(signed.document.tsr_url)).arrayBuffer());
    const verify = (bytes: Buffer, name: string) => {
      const file = path.join(s.dataDir, name);
      fs.writeFileSync(file, bytes);
      return spawnSync("openssl", ["ts", "-verify", "-digest", signed.document.sha256, "-in", file, "-CAfile", caFile], { encoding: "utf8" });
    };
    const ok = verify(tsr, "ok.tsr");
    expect(ok.status, ok.stderr).toBe(0);
    // Bytes that carry the proof: the TSTInfo (imprint, time, serial, policy) and the signature value
    // at the end. (The token also embeds a copy of the root certificate; openssl trusts the -CAfile
    // copy instead, so a byte changed in the embedded root alone rightly changes nothing.)
    const parsed = spawnSync("openssl", ["asn1parse", "-inform", "DER", "-in", path.join(s.dataDir, "ok.tsr")], { encoding: "utf8" }).stdout.split("\n");
    const tstAt = parsed.findIndex((l) => l.includes("id-smime-ct-TSTInfo"));
    expect(tstAt).toBeGreaterThan(0);
    const octets = parsed.slice(tstAt + 1).find((l) => l.includes("OCTET STRING"))!;
    const m = /^\s*(\d+):d=\d+\s+hl=(\d+)\s+l=\s*(\d+)/.exec(octets)!;
    const start = Number(m[1]) + Number(m[2]);
    const length = Number(m[3]);
    const offsets = [start + 2, start + Math.floor(length / 3), start + Math.floor(length / 2), start + length - 1, tsr.length - 1, tsr.length - 20];
    for (const at of offsets) {
      const bad = verify(flip(tsr, at), `bad-${at}.tsr`);
      expect(bad.status, `byte ${at} of ${tsr.length} changed: ${bad.stdout}`).not.toBe(0);
    }
  });

  it("a changed event row breaks chain.ok", async () => {
    const before = await s.api<{ chain: { ok: boolean } }>("GET", `/v1/consents/${signed.id}/events`);
    expect(before.body.chain.ok).toBe(true);
    await s.whileStopped(() =>
      s.sql(async (q) => {
        const r = await q(`UPDATE consent_events SET ip = '203.0.113.99' WHERE consent_id = $1 AND event = 'imzalandi'`, [signed.id]);
        expect(r.count).toBe(1);
      }),
    );
    const after = await s.api<{ chain: { ok: boolean } }>("GET", `/v1/consents/${signed.id}/events`);
    expect(after.status).toBe(200);
    expect(after.body.chain.ok).toBe(false);
  });
});
