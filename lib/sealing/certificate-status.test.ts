// When sealing, the OCSP answer in the DSS should be produced after the signature (certificate-status.ts):
// with the test PKI's real `openssl ocsp` responder, a kept answer produced before the signature's time
// is replaced by a fresh one, which is then kept; with the responder gone, the kept answer — current,
// though older than the signature — still serves; a CRL is kept until its nextUpdate whatever the
// signature's time (with the CRL server gone it is still had).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPki, type TestPki } from "@/tests/pki";
import type { CachedRevocation } from "@/lib/db/revocation-cache";
import { certificateStatus, forgetRevocationMemory, type StatusOptions } from "./certificate-status";
import { checkOcspResponse } from "./check-revocation-data";
import { builtInAuthorityOf } from "./built-in-authority";
import { createAuthorityMaterial } from "@/lib/timestamping/authority-material";

let pki: TestPki;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-status-"));
// The shared store revocation_cache would be, as a map: no database in a unit test.
const stored = new Map<string, CachedRevocation>();
const store = { read: async (key: string) => stored.get(key) ?? null, save: async (e: CachedRevocation) => void stored.set(e.key, e) };

beforeAll(async () => {
  pki = await createTestPki({ bits: 2048, dir: path.join(dir, "pki") });
  await pki.start();
  forgetRevocationMemory();
}, 120_000);

afterAll(async () => {
  await pki?.stop();
  forgetRevocationMemory();
  fs.rmSync(dir, { recursive: true, force: true });
});

const options = (o: Partial<StatusOptions> = {}): StatusOptions => ({ at: new Date(), builtIn: null, store, ...o });
const producedAt = (der: Buffer) => checkOcspResponse(der, pki.seal.der, pki.issuer.der, new Date()).producedAt;

/** Until the clock is in a later second than `t`: OCSP times have no fraction of a second. */
async function nextSecond(t: Date): Promise<void> {
  while (Math.floor(Date.now() / 1000) <= Math.floor(t.getTime() / 1000)) await new Promise((r) => setTimeout(r, 50));
}

describe("the seal's revocation data, had after the signature", () => {
  let first: Buffer;
  let fresh: Buffer;

  it("keeps an OCSP answer until its nextUpdate when no signature time is given", async () => {
    const a = await certificateStatus(pki.seal.der, pki.issuer.der, options());
    expect(a?.kind).toBe("ocsp");
    first = a!.der;
    expect([...stored.keys()]).toEqual([expect.stringMatching(/^ocsp:/)]);
    await nextSecond(producedAt(first));
    expect((await certificateStatus(pki.seal.der, pki.issuer.der, options()))!.der.equals(first)).toBe(true);
  });

  it("asks again when the kept answer was produced before the signature, and keeps the fresh one", async () => {
    const signedAt = new Date();
    expect(producedAt(first).getTime()).toBeLessThan(Math.floor(signedAt.getTime() / 1000) * 1000);
    const b = await certificateStatus(pki.seal.der, pki.issuer.der, options({ at: signedAt, signedAt }));
    expect(b?.kind).toBe("ocsp");
    fresh = b!.der;
    expect(fresh.equals(first)).toBe(false);
    expect(producedAt(fresh).getTime()).toBeGreaterThanOrEqual(Math.floor(signedAt.getTime() / 1000) * 1000);
    expect([...stored.values()].map((e) => e.der.equals(fresh))).toEqual([true]);
    // A second signature in the same second finds it kept.
    expect((await certificateStatus(pki.seal.der, pki.issuer.der, options({ at: signedAt, signedAt })))!.der.equals(fresh)).toBe(true);
  });

  it("uses the kept answer, still current, when the responder does not answer; and a kept CRL whatever the signature's time", async () => {
    // The CRL of the issuing CA's own certificate (it has no OCSP), had before the services stop.
    const crl = await certificateStatus(pki.issuer.der, pki.root.der, options());
    expect(crl?.kind).toBe("crl");
    await pki.stop();
    await nextSecond(producedAt(fresh));
    const signedAt = new Date();
    const c = await certificateStatus(pki.seal.der, pki.issuer.der, options({ at: signedAt, signedAt }));
    expect(c?.kind).toBe("ocsp");
    expect(c!.der.equals(fresh)).toBe(true);
    const again = await certificateStatus(pki.issuer.der, pki.root.der, options({ at: signedAt, signedAt }));
    expect(again?.kind).toBe("crl");
    expect(again!.der.equals(crl!.der)).toBe(true);
  });
});

describe("the built-in authority's CRL", () => {
  it("is issued at the lookup's given time: one collection's lookups share one list even across a second", async () => {
    const material = createAuthorityMaterial();
    const builtIn = builtInAuthorityOf(material);
    const at = new Date();
    const first = await certificateStatus(material.signerCertDer, material.rootCertDer, options({ at, builtIn }));
    // A second lookup of the same collection, run once the clock is in the next second (a loaded
    // host's side-by-side lookups straddled one and put two CRLs in one DSS).
    await nextSecond(at);
    const second = await certificateStatus(material.signerCertDer, material.rootCertDer, options({ at, builtIn }));
    expect(first?.kind).toBe("crl");
    expect(first!.thisUpdate.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    expect(second!.der.equals(first!.der)).toBe(true);
  });
});
