// RFC 6960 and RFC 5280 answers are believed only when they deserve it: an OCSP response from the
// real `openssl ocsp` responder of the test PKI (a delegated responder) is good for its certificate
// and for no other, not once a byte of it changed, not past its nextUpdate; a revoked certificate is
// said to be; a CRL is the issuer's, signed by it, and lists what it revokes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPki, type TestPki } from "@/tests/pki";
import { checkCrl, checkOcspResponse, serialOf } from "./check-revocation-data";
import { certificateUrls } from "./certificate-urls";
import { ocspRequest } from "./ocsp-request";
import { postOcspRequest } from "./fetch-revocation-data";

let pki: TestPki;

beforeAll(async () => {
  pki = await createTestPki({ dir: fs.mkdtempSync(path.join(os.tmpdir(), "eonam-ocsp-")) });
  await pki.start();
}, 300_000);

afterAll(async () => {
  await pki?.stop();
});

describe("OCSP (RFC 6960)", () => {
  it("finds the responder in the AIA and the CRL in the CRLDP", () => {
    expect(certificateUrls(pki.seal.der)).toEqual({ ocsp: [pki.urls.ocsp], crl: [pki.urls.crl(pki.issuer)] });
    expect(certificateUrls(pki.issuer.der)).toEqual({ ocsp: [], crl: [pki.urls.crl(pki.root)] });
  });

  it("asks with its own request and believes a good answer signed by the delegated responder, for that certificate only", async () => {
    const der = await postOcspRequest(pki.urls.ocsp, ocspRequest(pki.seal.der, pki.issuer.der));
    const checked = checkOcspResponse(der, pki.seal.der, pki.issuer.der, new Date());
    expect(checked.status).toBe("good");
    expect(checked.certificates).toEqual([pki.ocspSigner.der]);
    expect(checked.nextUpdate!.getTime()).toBeGreaterThan(Date.now());
    expect(() => checkOcspResponse(der, pki.tsa.der, pki.issuer.der, new Date())).toThrow(/another certificate/);
    expect(() => checkOcspResponse(der, pki.seal.der, pki.root.der, new Date())).toThrow(/not signed by the issuer|not the issuer's/);
    expect(() => checkOcspResponse(der, pki.seal.der, pki.issuer.der, new Date(checked.nextUpdate!.getTime() + 1000))).toThrow(/out of date/);
    const tampered = Buffer.from(der);
    const at = tampered.indexOf(Buffer.from([0x18, 0x0f])) + 5; // inside producedAt (GeneralizedTime)
    tampered[at] = tampered[at] === 0x31 ? 0x32 : 0x31;
    expect(() => checkOcspResponse(tampered, pki.seal.der, pki.issuer.der, new Date())).toThrow(/not signed/);
    expect(() => checkOcspResponse(Buffer.from("merhaba"), pki.seal.der, pki.issuer.der, new Date())).toThrow(/not an OCSP response/);
  });

  it("says revoked for a revoked certificate, and the CRL lists it", async () => {
    const victim = await pki.issue("revoked-seal", "seal", { commonName: "İptal Edilen Mühür", bits: 2048 });
    await pki.revoke(victim);
    const der = await postOcspRequest(pki.urls.ocsp, ocspRequest(victim.der, pki.issuer.der));
    expect(checkOcspResponse(der, victim.der, pki.issuer.der, new Date()).status).toBe("revoked");
    const list = await pki.crl(pki.issuer);
    const crl = checkCrl(list, pki.issuer.der, new Date());
    expect(crl.revoked.has(serialOf(victim.der))).toBe(true);
    expect(crl.revoked.has(serialOf(pki.seal.der))).toBe(false);
    expect(() => checkCrl(list, pki.root.der, new Date())).toThrow(/another authority's/);
  });
});
