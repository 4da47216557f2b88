// SEAL_DRIVER=p12: PKCS#12 files as `openssl pkcs12 -export` writes them (AES-256, PBKDF2, SHA-256
// MAC) open with RSA and EC keys, the chain is ordered seal-first, and every way a file can be
// unusable is refused with a message that names the setting.
import { execFileSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { derToPem } from "@/lib/timestamping/pem";
import { loadP12Seal } from "./p12-seal";
import { makeP12 } from "@/tests/fixtures/seal-p12";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-p12-"));

describe("loadP12Seal", () => {
  it.each(["rsa", "ec"] as const)("opens a %s e-seal with its CA chain, seal certificate first", (keyType) => {
    const p12 = makeP12(path.join(dir, keyType), { keyType });
    const seal = loadP12Seal(p12.file, p12.password);
    expect(seal.driver).toBe("p12");
    expect(seal.key!.asymmetricKeyType).toBe(keyType);
    expect(seal.chain).toHaveLength(2);
    const [leaf, ca] = seal.chain.map((d) => new X509Certificate(d));
    expect(leaf!.subject).toContain(`CN=${p12.commonName}`);
    expect(leaf!.checkPrivateKey(seal.key!)).toBe(true);
    expect(leaf!.checkIssued(ca!)).toBe(true);
    expect(ca!.toString()).toBe(new X509Certificate(p12.caPem).toString());
  });

  it("refuses a wrong password, a missing file, a file that is not PKCS#12 and one without a key", () => {
    const p12 = makeP12(path.join(dir, "refusals"));
    expect(() => loadP12Seal(p12.file, "yanlış")).toThrow(/SEAL_P12_FILE .* SEAL_P12_PASSWORD is wrong/);
    expect(() => loadP12Seal(path.join(dir, "yok.p12"), p12.password)).toThrow(/SEAL_P12_FILE .* cannot be read: ENOENT/);
    const notP12 = path.join(dir, "not.p12");
    fs.writeFileSync(notP12, "merhaba");
    expect(() => loadP12Seal(notP12, p12.password)).toThrow(/not a PKCS#12 file/);
    const keyless = makeP12(path.join(dir, "keyless"), { withKey: false });
    expect(() => loadP12Seal(keyless.file, keyless.password)).toThrow(/holds no private key/);
  });

  it("refuses an expired seal certificate", () => {
    const d = path.join(dir, "expired");
    fs.mkdirSync(d);
    const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const cert = createCertificate({
      commonName: "Süresi Geçmiş Mühür",
      publicKey: createPublicKey(keys.privateKey),
      signingKey: keys.privateKey,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2021-01-01T00:00:00Z"),
      ca: false,
    });
    fs.writeFileSync(path.join(d, "c.pem"), derToPem(cert));
    fs.writeFileSync(path.join(d, "k.pem"), keys.privateKey.export({ type: "pkcs8", format: "pem" }));
    execFileSync("openssl", ["pkcs12", "-export", "-inkey", path.join(d, "k.pem"), "-in", path.join(d, "c.pem"), "-out", path.join(d, "x.p12"), "-passout", "pass:p"]);
    expect(() => loadP12Seal(path.join(d, "x.p12"), "p")).toThrow(/expired on/);
  });
});
