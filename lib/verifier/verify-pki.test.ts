// Decisions §24 with real certificates: a consent sealed as the service seals it, with the test
// PKI's RSA-4096 chains, an openssl TSA and OCSP responses from a real openssl responder in its DSS.
// Genuine files — one seal, a physician's signature before the seal, a renewed archive, a chain of
// four — pass, and pdfsig agrees; a revoked seal, a foreign seal under the same name, a self-made
// PKI under the provider's names and a forged trust statement are refused, each with its reason.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVerifierKey } from "@/lib/transparency/note";
import { verifyPdf, type VerifyOptions } from "@/lib/verifier/verify-pdf";
import { createTestPki, DEFAULT_SUBJECTS, type TestPki } from "@/tests/pki";
import { appendDocTimestamp, appendDss } from "@/tests/verifier/pdf-updates";
import { consentPdf, entryOf, kanitJson, makeLogKey, sealWithPki, trustStatement, type TestLogKey } from "@/tests/verifier/pki-documents";

let pki: TestPki;
let log: TestLogKey;
let statement: string;
let genuine: Buffer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-verifier-pki-"));

beforeAll(async () => {
  pki = await createTestPki();
  await pki.start();
  log = makeLogKey();
  statement = trustStatement(log, [entryOf("seal", pki.seal), entryOf("tsa", pki.tsa)]);
  genuine = await sealWithPki(await consentPdf(kanitJson("ons_1", log, statement)), pki);
}, 300_000);

afterAll(async () => {
  await pki?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const verify = (pdf: Buffer, o: VerifyOptions = {}) => verifyPdf(pdf, { key: parseVerifierKey(log.verifierKey), trust: [pki.root.der], ...o });
const summary = (pdf: Buffer, o?: VerifyOptions) => verify(pdf, o).signatures.map((s) => `${s.role} ${s.signer} ${s.valid ? "valid" : "invalid"} ${s.trusted ? "trusted" : "untrusted"}`);

describe("genuine files", () => {
  it("a seal with a chain of RSA-4096 certificates, openssl time-stamps and OCSP responses is VALID at level B-LTA", () => {
    const report = verify(genuine);
    expect(report.reason).toBeNull();
    expect(report).toMatchObject({ valid: true, level: "B-LTA", consentId: "ons_1", warnings: [] });
    expect(summary(genuine)).toEqual([
      "seal Test Klinik A.Ş. e-Mühür valid trusted",
      "timestamp Test ESHS Zaman Damgası valid trusted",
      "document-timestamp Test ESHS Zaman Damgası valid trusted",
    ]);
    expect(report.signatures.every((s) => s.time && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(s.time))).toBe(true);
  });

  it("is VALID with the log's key alone: the trust statement pins the service's seal and TSA", () => {
    expect(verify(genuine, { trust: [] })).toMatchObject({ valid: true, level: "B-LTA" });
    // Without any anchor nothing is trusted.
    expect(verify(genuine, { key: null, trust: [] })).toMatchObject({ valid: false, reason: expect.stringMatching(/not at a trust anchor/) });
  });

  it("pdfsig, with an NSS database trusting only the test root, calls the seal valid and trusted", () => {
    const nss = path.join(dir, "nss");
    fs.mkdirSync(nss);
    execFileSync("certutil", ["-N", "-d", `sql:${nss}`, "--empty-password"]);
    execFileSync("certutil", ["-A", "-d", `sql:${nss}`, "-n", "test-root", "-t", "CT,C,C", "-i", pki.rootFile]);
    const file = path.join(dir, "genuine.pdf");
    fs.writeFileSync(file, genuine);
    let out: string;
    try {
      out = execFileSync("pdfsig", ["-nssdir", `sql:${nss}`, file], { encoding: "utf8" });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout);
    }
    const seal = out.split(/^(?=Signature #\d+:)/m).find((e) => e.includes("Test Klinik A.Ş. e-Mühür"));
    expect(seal, out).toContain("Signature Validation: Signature is Valid.");
    expect(seal, out).toContain("Certificate Validation: Certificate is Trusted.");
  });

  it("with a physician's qualified signature before the seal: both listed, the physician's qualified", async () => {
    const physician = await pki.issue("physician", "physician", { subject: "/C=TR/serialNumber=10000000146/CN=Dr. Mehmet Öz", bits: 2048 });
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_2", log, statement)), pki, { physician });
    const report = verify(pdf);
    expect(report.reason).toBeNull();
    expect(report.signatures.map((s) => [s.role, s.signer, s.valid, s.trusted, s.qualified])).toEqual([
      ["physician", "Dr. Mehmet Öz", true, true, true],
      ["timestamp", "Test ESHS Zaman Damgası", true, true, false],
      ["seal", "Test Klinik A.Ş. e-Mühür", true, true, false],
      ["timestamp", "Test ESHS Zaman Damgası", true, true, false],
      ["document-timestamp", "Test ESHS Zaman Damgası", true, true, false],
    ]);
    // The physician's certificate is the provider's, not the service's: --trust is what anchors it.
    expect(verify(pdf, { trust: [] }).reason).toMatch(/^physician "Hekim": Dr\. Mehmet Öz is not trusted/);
  }, 120_000);

  it("stays VALID when renewed: another DSS and document time-stamp appended later", async () => {
    const renewed = await appendDocTimestamp(await appendDss(genuine, { ocsps: [await pki.ocspResponse(pki.tsa)] }), (hex) => pki.timestamp(hex));
    const report = verify(renewed);
    expect(report.reason).toBeNull();
    expect(report.signatures.filter((s) => s.role === "document-timestamp")).toHaveLength(2);
    expect(report.checks.find((c) => c.check === "changes after the seal")?.detail).toMatch(/^4 revision\(s\) adding only validation data \(DSS\) and 2 document time-stamp/);
  });

  it("without revocation data in the file: VALID at B-T, and says what is missing", async () => {
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_3", log, statement)), pki, { revocation: "none" });
    const report = verify(pdf);
    expect(report).toMatchObject({ valid: true, level: "B-T" });
    expect(report.warnings).toContainEqual(expect.stringMatching(/^no revocation data in the file for "Test Klinik A\.Ş\. e-Mühür"/));
  });

  it("with CRLs instead of OCSP responses: B-LTA", async () => {
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_4", log, statement)), pki, { revocation: "crl" });
    expect(verify(pdf)).toMatchObject({ valid: true, level: "B-LTA", warnings: [] });
  });

  it("a chain of four RSA-4096 certificates (root, two intermediates, seal) is VALID", async () => {
    const four = await createTestPki({ keys: "pki4", intermediates: 2 });
    await four.start();
    try {
      const own = trustStatement(log, [entryOf("seal", four.seal), entryOf("tsa", four.tsa)]);
      const pdf = await sealWithPki(await consentPdf(kanitJson("ons_5", log, own)), four);
      expect(four.seal.chain).toHaveLength(4);
      expect(verify(pdf, { trust: [four.root.der] })).toMatchObject({ valid: true, level: "B-LTA", warnings: [] });
    } finally {
      await four.stop();
    }
  }, 300_000);
});

describe("refused", () => {
  it("a seal whose certificate was revoked before its time-stamp (OCSP says so)", async () => {
    const revoked = await pki.issue("seal-revoked", "seal", { subject: DEFAULT_SUBJECTS.seal, bits: 2048 });
    await pki.revoke(revoked, { at: new Date(Date.now() - 3_600_000) });
    const own = trustStatement(log, [entryOf("seal", revoked), entryOf("tsa", pki.tsa)]);
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_6", log, own)), pki, { seal: revoked });
    const report = verify(pdf);
    expect(report.valid).toBe(false);
    expect(report.reason).toMatch(/^seal "Signature1": Test Klinik A\.Ş\. e-Mühür is not trusted: "Test Klinik A\.Ş\. e-Mühür" was revoked at .* \(OCSP\), before /);
  }, 120_000);

  it("but not a seal revoked after its time-stamp: VALID, with a warning", async () => {
    const later = await pki.issue("seal-revoked-later", "seal", { subject: DEFAULT_SUBJECTS.seal, bits: 2048 });
    const own = trustStatement(log, [entryOf("seal", later), entryOf("tsa", pki.tsa)]);
    const prepared = await consentPdf(kanitJson("ons_7", log, own));
    await pki.revoke(later, { at: new Date(Date.now() + 3_600_000) });
    const report = verify(await sealWithPki(prepared, pki, { seal: later }));
    expect(report.reason).toBeNull();
    expect(report.warnings).toContainEqual(expect.stringMatching(/was revoked at .*, after /));
  }, 120_000);

  it("a foreign seal under the same name from the same trusted provider: not one the service has used", async () => {
    const foreign = await pki.issue("seal-foreign", "seal", { subject: DEFAULT_SUBJECTS.seal, bits: 2048 });
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_8", log, statement)), pki, { seal: foreign });
    expect(verify(pdf).reason).toBe("seal: Test Klinik A.Ş. e-Mühür is not a seal the service has used (its trust statement does not list the certificate)");
  }, 120_000);

  it("a seal and time-stamps from a self-made PKI under the provider's names", async () => {
    const forger = await createTestPki({ keys: "forger", bits: 2048 });
    await forger.start();
    try {
      const pdf = await sealWithPki(await consentPdf(kanitJson("ons_9", log, statement)), forger);
      const report = verify(pdf);
      expect(report.valid).toBe(false);
      expect(report.reason).toMatch(/^seal "Signature1": Test Klinik A\.Ş\. e-Mühür is not trusted: the chain of "Test Klinik A\.Ş\. e-Mühür" ends at "CN=Test ESHS Kök Sertifikası, .*", a certificate the file carries, not at a trust anchor$/);
      expect(report.signatures.every((s) => s.valid && !s.trusted)).toBe(true);
    } finally {
      await forger.stop();
    }
  }, 300_000);

  it("a trust statement the log's key did not sign, embedded or given with --statement", async () => {
    const other = makeLogKey(log.name);
    const forged = trustStatement(other, [entryOf("seal", pki.seal), entryOf("tsa", pki.tsa)]);
    expect(verify(genuine, { statements: [forged] }).reason).toBe("trust statement: the trust statement is not signed by the given key");
    const pdf = await sealWithPki(await consentPdf(kanitJson("ons_10", log, forged)), pki);
    expect(verify(pdf, { trust: [] }).reason).toBe("trust statement: the trust statement is not signed by the given key");
  });
});
