// The seal step alone (issue #47, decisions §24), in-process, with an institution's real-sized seal:
// RSA-4096 under a four-certificate chain (the test PKI, tests/pki), the built-in TSA called directly
// (no HTTP, as for the local seal), one prepared document sealed over and over. Three ways, alternated
// so that the host's load falls on all alike, median of 40 each of the process's CPU time (user +
// system, every thread: SoftHSM signs on libuv's pool) — on the shared 2-core host, wall time
// measures the neighbours:
// - the file key without revocation data (what a p12 seal did before: no OCSP code at all);
// - the file key with the OCSP responses and CRLs of both chains, kept since the first seal (B-LTA);
// - the same with the key on a PKCS#11 token (SoftHSM2).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, type Row } from "./bench-row";

export async function sealSteps(): Promise<Row[]> {
  const { createTestPki } = await import("../tests/pki");
  const { softHsmToken } = await import("../tests/softhsm");
  const { renderConsentPdf } = await import("../lib/documents/render-consent-pdf");
  const { signaturePng } = await import("../tests/fixtures/png");
  const { archivePdf } = await import("../lib/documents/archive-pdf");
  const { sealPdf } = await import("../lib/sealing/seal-pdf");
  const { builtInAuthorityOf } = await import("../lib/sealing/built-in-authority");
  const { collectValidationData } = await import("../lib/sealing/collect-validation-data");
  const { signatureReserve } = await import("../lib/sealing/signature-size");
  const { loadPkcs11Seal } = await import("../lib/sealing/pkcs11-seal");
  const { createAuthorityMaterial } = await import("../lib/timestamping/authority-material");
  const { createLocalAuthority } = await import("../lib/timestamping/local-authority");
  const { buildTimeStampReq, randomNonce } = await import("../lib/timestamping/build-request");
  type Stored = { key: string; der: Buffer; thisUpdate: Date; nextUpdate: Date };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-bench-seal-"));
  const pki = await createTestPki({ intermediates: 2, dir: path.join(dir, "pki") });
  await pki.start();
  try {
    const token = softHsmToken(path.join(dir, "hsm"), pki.seal.keyFile, pki.seal.chain);
    process.env.SOFTHSM2_CONF = token.conf;
    const hsm = await loadPkcs11Seal(token);
    const file = { key: pki.seal.key, chain: pki.seal.chain };
    const m = createAuthorityMaterial();
    const tsa = createLocalAuthority(m);
    const builtIn = builtInAuthorityOf(m);
    // No database here: the store revocation_cache would be is a map.
    const kept = new Map<string, Stored>();
    const store = { read: async (key: string) => kept.get(key) ?? null, save: async (e: Stored) => void kept.set(e.key, e) };
    const timestamp = async (hex: string) => tsa.issue(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce()));
    const tsaCertificates = [m.signerCertDer, m.rootCertDer];
    const bare = { timestamp, tsaCertificates };
    const withStatus = { ...bare, validation: (chains: Buffer[][]) => collectValidationData(chains, { at: new Date(), builtIn, store }) };

    const rendered = await renderConsentPdf({
      consentId: "ons_261128_k3v9x2m8q7p4", institution: "Özel Çağlayan Şifa Hastanesi", templateTitle: "Genel Onam", templateVersion: 3, contentSha256: "3f".repeat(32),
      renderedHtml: "<p>Metin</p>".repeat(12), patientName: "Şükrü Çağlar", tcMasked: "123******90", phoneMasked: "+90532*****67", approver: { type: "hasta", name: null, relation: null },
      physician: null, procedure: null, animal: null, signedAt: "2026-11-28 14:03:09", signerIp: "203.0.113.42", signerUserAgent: "UA", otpPhoneMasked: "+90532*****67",
      signaturePng: signaturePng(), verifyUrl: "https://onam.example.com.tr/dogrula/ons_261128_k3v9x2m8q7p4", language: "tr", interpreter: null, witness: null, countersignature: null,
    });
    const prepared = await archivePdf(
      rendered,
      { title: "Onam", author: "Özel Çağlayan Şifa Hastanesi", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json: "{}" } },
      { signerName: "Test Klinik A.Ş. e-Mühür", reason: "Onam", location: "Türkiye", signingTime: new Date(), certificates: [...file.chain, ...tsaCertificates], contentsBytes: signatureReserve(file.chain) },
    );
    const variants = [
      { name: "file key, no revocation data (as before)", run: () => sealPdf(prepared, file, bare), times: [] as number[] },
      { name: "file key, OCSP and CRLs kept (B-LTA)", run: () => sealPdf(prepared, file, withStatus), times: [] as number[] },
      { name: "PKCS#11 key (SoftHSM2), OCSP and CRLs kept (B-LTA)", run: () => sealPdf(prepared, hsm, withStatus), times: [] as number[] },
    ];
    // The first seal asks the responder and the CRL server; the rest find the answers kept.
    for (let i = 0; i < 3; i++) for (const v of variants) await v.run();
    for (let i = 0; i < 40; i++) {
      for (const v of i % 2 ? [...variants].reverse() : variants) {
        const cpu = process.cpuUsage();
        const { level } = await v.run();
        const used = process.cpuUsage(cpu);
        v.times.push((used.user + used.system) / 1000);
        if (v !== variants[0] && level !== "B-LTA") throw new Error(`${v.name}: sealed at ${level}`);
      }
    }
    const [plain, ocsp, pkcs11] = variants.map((v) => median(v.times)) as [number, number, number];
    return [
      { name: `seal step, RSA-4096 seal under 4 certificates: ${variants[0]!.name}, CPU median of 40`, p50: plain, target: "reference", met: true },
      { name: `seal step: ${variants[1]!.name}, CPU median of 40 (+${(ocsp - plain).toFixed(1)} ms)`, p50: ocsp, target: "≤ +15 ms", met: ocsp - plain <= 15 },
      { name: `seal step: ${variants[2]!.name}, CPU median of 40 (+${(pkcs11 - ocsp).toFixed(1)} ms over the file key)`, p50: pkcs11, target: "≤ +20 ms", met: pkcs11 - ocsp <= 20 },
    ];
  } finally {
    await pki.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
