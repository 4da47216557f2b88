// decisions §24 with real certificates: an institution's e-seal on a PKCS#11 token (SoftHSM2), its
// chain four RSA-4096 certificates long (root → two intermediates → seal, tests/pki), a TSA with a
// chain of its own, a real OCSP responder and CRLs over HTTP. The seal's /Contents fits; the DSS
// carries the OCSP responses of the seal's and the TSA's certificates and the CRLs of the
// intermediates, with a /VRI entry; the level says B-LTA; pdfsig trusting the test root calls the seal
// valid and trusted. Answers are kept until their nextUpdate (the next seal needs no responder), a
// token the CMS outgrows is reported for a second preparation, and a revoked seal certificate seals
// nothing.
import { execFileSync, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { signaturePng } from "@/tests/fixtures/png";
import { useTestDatabase } from "@/tests/test-database";
import { createTestPki, type TestPki } from "@/tests/pki";
import { softHsmToken, SOFTHSM_MODULE, type SoftHsmToken } from "@/tests/softhsm";

const testDb = useTestDatabase("pkcs11");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-pkcs11-"));

const { db, prepareDb } = await import("@/lib/db");
const { archivePdf } = await import("@/lib/documents/archive-pdf");
const { loadPkcs11Seal } = await import("./pkcs11-seal");
const { PlaceholderTooSmall, sealPdf } = await import("./seal-pdf");
const { collectValidationData } = await import("./collect-validation-data");
const { forgetRevocationMemory, RevokedCertificateError } = await import("./certificate-status");
const { checkOcspResponse } = await import("./check-revocation-data");
const { signatureReserve } = await import("./signature-size");
const { vriKey } = await import("./add-dss-revision");
const { pdfSignatures } = await import("@/lib/verifier/pdf-signatures");
const { derToPem } = await import("@/lib/timestamping/pem");

type Seal = Awaited<ReturnType<typeof loadPkcs11Seal>>;

let pki: TestPki;
let token: SoftHsmToken;
let seal: Seal;
let rendered: Uint8Array;

const services = () => ({
  timestamp: (hex: string) => pki.timestamp(hex),
  tsaCertificates: [pki.root.der],
  validation: (chains: Buffer[][]) => collectValidationData(chains, { at: new Date(), builtIn: null }),
});

const prepare = (contentsBytes = signatureReserve(seal.chain)) =>
  archivePdf(
    rendered,
    { title: "Onam", author: "Test Klinik A.Ş.", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json: '{"events":[]}' } },
    { signerName: "Test Klinik A.Ş. e-Mühür", reason: "Onam", location: "Türkiye", signingTime: new Date(), certificates: [...seal.chain], contentsBytes },
  );

async function dss(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dict = doc.catalog.lookup(PDFName.of("DSS"), PDFDict);
  const ders = (d: PDFDict, key: string) => (d.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).map((r) => Buffer.from(decodePDFRawStream(doc.context.lookup(r) as PDFRawStream).decode()));
  return { certs: ders(dict, "Certs"), ocsps: ders(dict, "OCSPs"), crls: ders(dict, "CRLs"), vri: dict.lookupMaybe(PDFName.of("VRI"), PDFDict), ders };
}

beforeAll(async () => {
  await prepareDb();
  pki = await createTestPki({ intermediates: 2, dir: path.join(dir, "pki") });
  await pki.start();
  token = softHsmToken(path.join(dir, "hsm"), pki.seal.keyFile, pki.seal.chain);
  // SoftHSM reads its configuration when this process first initializes it.
  process.env.SOFTHSM2_CONF = token.conf;
  seal = await loadPkcs11Seal(token);
  rendered = await renderConsentPdf({
    consentId: "ons_261128_abcdefabcdef", institution: "Test Klinik A.Ş.", templateTitle: "Onam", templateVersion: 1, contentSha256: "a".repeat(64),
    renderedHtml: "<p>Metin</p>", patientName: "Ali Veli", tcMasked: null, phoneMasked: "+90532*****67", approver: { type: "hasta", name: null, relation: null },
    physician: null, procedure: null, animal: null, signedAt: "2026-11-28 10:00:00", signerIp: "203.0.113.1", signerUserAgent: "UA", otpPhoneMasked: "+90532*****67",
    signaturePng: signaturePng(), verifyUrl: "https://onam.example/dogrula/ons_261128_abcdefabcdef", language: "tr", interpreter: null, witness: null, countersignature: null,
  });
}, 300_000);

afterAll(async () => {
  await pki?.stop();
  await testDb.cleanup();
});

describe("SEAL_DRIVER=pkcs11 with SoftHSM2 and a four-certificate RSA-4096 chain", () => {
  it("opens the token: the seal's certificate (same CKA_ID as the key) then its three issuers; the key stays there, sensitive", () => {
    expect(seal.driver).toBe("pkcs11");
    expect(seal.key).toBeUndefined();
    expect(seal.token?.keyType).toBe("rsa");
    expect(seal.chain).toEqual(pki.seal.chain);
    for (const der of seal.chain) expect(new X509Certificate(der).publicKey.asymmetricKeyDetails?.modulusLength).toBe(4096);
    const objects = execFileSync("pkcs11-tool", ["--module", SOFTHSM_MODULE, "--token-label", token.tokenLabel, "--login", "--pin", token.pin, "-O", "--type", "privkey"], {
      env: { ...process.env, SOFTHSM2_CONF: token.conf },
      encoding: "utf8",
    });
    expect(objects).toMatch(/Access:\s+sensitive/);
  });

  let sealed: Buffer;
  let firstOcsps: Buffer[];

  it("seals at B-LTA: the CMS fits its measured room, and the DSS holds the OCSP responses, the intermediates' CRLs and a /VRI entry", async () => {
    const before = new Date();
    const r = await sealPdf(await prepare(), seal, services());
    expect(r.level).toBe("B-LTA");
    sealed = r.pdf;
    const [cades, docTs] = pdfSignatures(sealed);
    expect(cades!.subFilter).toBe("ETSI.CAdES.detached");
    expect(docTs!.subFilter).toBe("ETSI.RFC3161");

    const store = await dss(sealed);
    // OCSP for the two end-entity certificates (seal, TSA), each about its certificate, good, signed
    // by the delegated responder whose certificate is in the DSS, and made after the signature began.
    expect(store.ocsps).toHaveLength(2);
    for (const [cert, response] of [[pki.seal, store.ocsps[0]!], [pki.tsa, store.ocsps[1]!]] as const) {
      const checked = checkOcspResponse(response, cert.der, pki.issuer.der, new Date());
      expect(checked.status).toBe("good");
      expect(checked.thisUpdate.getTime()).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
      expect(checked.nextUpdate).not.toBeNull();
    }
    expect(store.certs.some((c) => c.equals(pki.ocspSigner.der))).toBe(true);
    // CRLs for the two intermediates (their CRLDP; they name no OCSP responder).
    expect(store.crls).toHaveLength(2);
    for (const der of [...pki.seal.chain, ...pki.tsa.chain]) expect(store.certs.some((c) => c.equals(der))).toBe(true);
    // The /VRI entry of the seal: SHA-1 of its /Contents as written.
    const contents = Buffer.from(sealed.toString("latin1").slice(cades!.range[1] + 1, cades!.range[2] - 1), "hex");
    const entry = store.vri!.lookup(PDFName.of(vriKey(contents)), PDFDict);
    expect(store.ders(entry, "OCSP")).toHaveLength(2);
    expect(store.ders(entry, "CRL")).toHaveLength(2);
    firstOcsps = store.ocsps;
  });

  it("is reported valid and trusted by pdfsig with an NSS database trusting the test root", () => {
    const nss = path.join(dir, "nss");
    fs.mkdirSync(nss, { recursive: true });
    execFileSync("certutil", ["-N", "-d", `sql:${nss}`, "--empty-password"]);
    execFileSync("certutil", ["-A", "-d", `sql:${nss}`, "-n", "test-root", "-t", "CT,C,C", "-i", pki.rootFile]);
    const file = path.join(dir, "sealed.pdf");
    fs.writeFileSync(file, sealed);
    const out = spawnSync("pdfsig", ["-nssdir", `sql:${nss}`, file], { encoding: "utf8" }).stdout;
    const first = out.slice(out.indexOf("Signature #1"), out.indexOf("Signature #2"));
    expect(first).toContain("Signer Certificate Common Name: Test Klinik A.Ş. e-Mühür");
    expect(first).toContain("Signature Validation: Signature is Valid.");
    expect(first).toContain("Certificate Validation: Certificate is Trusted.");
  });

  it("carries a document time-stamp that OpenSSL verifies against the test root", () => {
    const stamp = pdfSignatures(sealed)[1]!;
    const files = { token: path.join(dir, "doc-ts.der"), data: path.join(dir, "doc-ts.data"), ca: path.join(dir, "root.pem") };
    fs.writeFileSync(files.token, stamp.cms);
    fs.writeFileSync(files.data, stamp.covered);
    fs.writeFileSync(files.ca, derToPem(pki.root.der));
    const v = spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", files.token, "-data", files.data, "-CAfile", files.ca], { encoding: "utf8" });
    expect(v.stdout + v.stderr).toContain("Verification: OK");
  });

  it("keeps the OCSP answers until their nextUpdate: with the responder down, the next seal carries the same ones", async () => {
    expect(await db().revocationCache.count()).toBeGreaterThanOrEqual(2);
    await pki.stop();
    try {
      // This process's memory and, without it, the database both keep them.
      forgetRevocationMemory();
      const again = await sealPdf(await prepare(), seal, services());
      expect(again.level).toBe("B-LTA");
      expect((await dss(again.pdf)).ocsps).toEqual(firstOcsps);
    } finally {
      await pki.start();
    }
  });

  it("reports a CMS that outgrew its room (a larger token than measured) for a second preparation", async () => {
    const tooSmall = await prepare(signatureReserve(seal.chain, 512));
    const err = await sealPdf(tooSmall, seal, services()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlaceholderTooSmall);
    const again = await sealPdf(await prepare((err as InstanceType<typeof PlaceholderTooSmall>).needed + 512), seal, services());
    expect(again.level).toBe("B-LTA");
  });

  it("seals nothing with a revoked seal certificate", async () => {
    forgetRevocationMemory();
    await db().revocationCache.deleteMany({});
    await pki.revoke(pki.seal);
    await expect(sealPdf(await prepare(), seal, services())).rejects.toBeInstanceOf(RevokedCertificateError);
  });
});
