// The in-process PDF rows of npm run bench: rendering alone, and the whole document as served
// (render, PDF/A-3, seal and signature-time-stamp).
import { median, type Row } from "./bench-row";

async function pdfData() {
  const { signaturePng } = await import("../tests/fixtures/png");
  const png = signaturePng();
  return (n: number) => ({
    consentId: "ons_261122_k3v9x2m8q7p4",
    institution: "Özel Çağlayan Şifa Hastanesi",
    templateTitle: "Genel Anestezi Aydınlatılmış Onam Formu",
    templateVersion: 3,
    contentSha256: "3f1c9a0b7e5d2c4f6a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f7",
    renderedHtml: Array.from({ length: 12 }, (_, i) => `<p>${i + 1}. Sayın Şükrü Çağlar Iğdır ${n}, işlem sırasında ağrı, şişlik ve kızarıklık görülebilir; bu durum genellikle geçicidir. ĞÜŞÖÇİ ğüşıöç.</p>`).join(""),
    patientName: `Şükrü Çağlar Iğdır ${n}`,
    tcMasked: "123******90",
    phoneMasked: "+90532*****67",
    approver: { type: "hasta" as const, name: null, relation: null },
    physician: "Op. Dr. İlkay Öztürk",
    procedure: "Genel anestezi altında diş tedavisi",
    animal: null,
    signedAt: "2026-11-22 14:03:09",
    signerIp: "203.0.113.42",
    signerUserAgent: "Mozilla/5.0 (Linux; Android 14)",
    otpPhoneMasked: "+90532*****67",
    signaturePng: png,
    verifyUrl: "https://onam.example.com.tr/dogrula/ons_261122_k3v9x2m8q7p4",
    language: "tr" as const,
    interpreter: null,
    witness: null,
    countersignature: null,
  });
}

/**
 * PDF render time in-process: median of 50 after a warm-up, with the lib renderer. Each document
 * names another patient in every paragraph, so text shaping remembered from earlier documents
 * (lib/documents/shaping-cache.ts) helps only where real documents repeat: labels and fixed text.
 */
export async function pdfRender(): Promise<Row> {
  const { renderConsentPdf } = await import("../lib/documents/render-consent-pdf");
  const data = await pdfData();
  for (let i = 0; i < 3; i++) await renderConsentPdf(data(i));
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await renderConsentPdf(data(100 + i));
    times.push(performance.now() - t);
  }
  const p50 = median(times);
  return { name: "PDF render (in-process, median of 50)", p50, target: "median ≤ 80 ms", met: p50 <= 80 };
}

/**
 * issue 16: the whole document as served, in-process: render, PDF/A-3 with kanit.json and the DSS,
 * the byte range, the CAdES signature and a signature-time-stamp from the built-in authority (called
 * directly: no HTTP), and since issue #39 the DSS revision and the document time-stamp (B-LTA).
 * CPU time (user + system), median of 50.
 */
export async function pdfRenderAndSeal(): Promise<Row> {
  const { generateKeyPairSync } = await import("node:crypto");
  const { renderConsentPdf } = await import("../lib/documents/render-consent-pdf");
  const { archivePdf } = await import("../lib/documents/archive-pdf");
  const { sealPdf } = await import("../lib/sealing/seal-pdf");
  const { builtInAuthorityOf } = await import("../lib/sealing/built-in-authority");
  const { collectValidationData } = await import("../lib/sealing/collect-validation-data");
  const { signatureReserve } = await import("../lib/sealing/signature-size");
  const { createAuthorityMaterial } = await import("../lib/timestamping/authority-material");
  const { createCertificate } = await import("../lib/timestamping/create-certificate");
  const { createLocalAuthority } = await import("../lib/timestamping/local-authority");
  const { buildTimeStampReq, randomNonce } = await import("../lib/timestamping/build-request");
  const data = await pdfData();
  const m = createAuthorityMaterial();
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const sealCert = createCertificate({ commonName: "Bench Mühür", publicKey: keys.publicKey, issuerCertDer: m.rootCertDer, signingKey: m.rootKey, notBefore: new Date(Date.now() - 3_600_000), notAfter: new Date(Date.now() + 86_400_000), ca: false, keyUsage: [0, 1] });
  const tsa = createLocalAuthority(m);
  const builtIn = builtInAuthorityOf(m);
  const chain = [sealCert, m.rootCertDer];
  const kanit = JSON.stringify({ consent_id: "ons_261122_k3v9x2m8q7p4", events: Array.from({ length: 6 }, (_, i) => ({ seq: i + 1, hash: "a".repeat(64) })) });
  const once = async (n: number) => {
    const pdf = await renderConsentPdf(data(n));
    const prepared = await archivePdf(
      pdf,
      { title: "Onam", author: "Özel Çağlayan Şifa Hastanesi", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json: kanit } },
      { signerName: "Bench Mühür", reason: "Onam", location: "Türkiye", signingTime: new Date(), certificates: [sealCert, m.rootCertDer, m.signerCertDer], contentsBytes: signatureReserve(chain) },
    );
    await sealPdf(prepared, { key: keys.privateKey, chain }, {
      timestamp: (hex) => tsa.issue(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce())),
      tsaCertificates: [m.signerCertDer, m.rootCertDer],
      validation: (chains) => collectValidationData(chains, { at: new Date(), builtIn }),
    });
  };
  for (let i = 0; i < 3; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const cpu = process.cpuUsage();
    await once(100 + i);
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
  }
  const p50 = median(times);
  return { name: "PDF render + PDF/A-3 + seal (CPU, median of 50)", p50, target: "median ≤ 80 ms", met: p50 <= 80 };
}
