// The physician's signature value as a card or a browser hands it over (decisions §24): RSA, and ECDSA
// either DER-encoded or as the raw r ‖ s of PKCS#11's CKM_ECDSA and WebCrypto; the CMS always gets DER.
import { execFileSync } from "node:child_process";
import { createPrivateKey, randomBytes, sign, verify, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signatureValueFor } from "@/lib/sealing/qualified-signature";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qualified-signature-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A self-signed certificate and its key, made by openssl. */
function selfSigned(name: string, keyArgs: string[]) {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.pem`);
  execFileSync("openssl", ["req", "-x509", ...keyArgs, "-nodes", "-subj", `/CN=${name}`, "-days", "1", "-keyout", key, "-out", cert], { stdio: "ignore" });
  return { key: createPrivateKey(fs.readFileSync(key)), certificate: Buffer.from(new X509Certificate(fs.readFileSync(cert)).raw) };
}

const attributes = randomBytes(120);

describe("signatureValueFor", () => {
  it("takes an ECDSA value as DER or as raw r ‖ s, and hands the CMS DER", () => {
    const { key, certificate } = selfSigned("ec", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]);
    const der = sign("sha256", attributes, key);
    expect(signatureValueFor(certificate, attributes, der)).toEqual(der);
    // Many raw values, so that an r or s with its high bit set, or a leading zero byte, comes up.
    for (let i = 0; i < 40; i++) {
      const raw = sign("sha256", attributes, { key, dsaEncoding: "ieee-p1363" });
      expect(raw).toHaveLength(64);
      const value = signatureValueFor(certificate, attributes, raw);
      expect(value?.[0]).toBe(0x30);
      expect(verify("sha256", attributes, new X509Certificate(certificate).publicKey, value!)).toBe(true);
    }
    // Over other bytes, or another key's: none.
    expect(signatureValueFor(certificate, randomBytes(120), sign("sha256", attributes, { key, dsaEncoding: "ieee-p1363" }))).toBeNull();
    const other = selfSigned("ec-other", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]);
    expect(signatureValueFor(certificate, attributes, sign("sha256", attributes, { key: other.key, dsaEncoding: "ieee-p1363" }))).toBeNull();
  });

  it("takes an RSA PKCS#1 v1.5 value as it is, and nothing else", () => {
    const { key, certificate } = selfSigned("rsa", ["-newkey", "rsa:2048"]);
    const value = sign("sha256", attributes, key);
    expect(signatureValueFor(certificate, attributes, value)).toEqual(value);
    expect(signatureValueFor(certificate, attributes, Buffer.alloc(256, 1))).toBeNull();
    expect(signatureValueFor(certificate, attributes, Buffer.alloc(0))).toBeNull();
  });
});
