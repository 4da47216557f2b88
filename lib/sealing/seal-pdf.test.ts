// decisions §20, the file's structure: a sealed PDF whose TSA answers is B-LTA — the signed revision,
// then a DSS revision, then a document time-stamp revision whose token covers every byte but its own
// /Contents — and pdfsig lists two valid signatures, the second ETSI.RFC3161; one changed byte breaks
// them. When the TSA does not answer the second time, the signed file is kept as it was (B-LT); when
// it never answers, B-B with a single signature.
import { spawnSync } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { signaturePng } from "@/tests/fixtures/png";
import { createAuthorityMaterial, type AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { createCertificate } from "@/lib/timestamping/create-certificate";
import { createLocalAuthority } from "@/lib/timestamping/local-authority";
import { buildTimeStampReq, randomNonce } from "@/lib/timestamping/build-request";
import { derToPem } from "@/lib/timestamping/pem";
import { pdfSignatures } from "@/lib/verifier/pdf-signatures";
import { pdfInfo, structText } from "@/tests/fixtures/pdf-structure";
import { verifyPdf } from "@/lib/verifier/verify-pdf";
import { archivePdf } from "@/lib/documents/archive-pdf";
import { builtInAuthorityOf } from "./built-in-authority";
import type { SignatureTimestamper } from "./cades-signature";
import { collectValidationData } from "./collect-validation-data";
import { lastStartXref } from "./incremental-update";
import { sealPdf, type SealServices } from "./seal-pdf";
import type { SealKey } from "./seal-types";
import { signatureReserve } from "./signature-size";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-lta-"));

function pdfsig(bytes: Buffer, name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const r = spawnSync("pdfsig", [file], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

let material: AuthorityMaterial;
let seal: SealKey;
let prepared: Uint8Array;
let stamp: SignatureTimestamper;
let calls = 0;
/** The built-in authority's TSA and CRL, as produce-sealed-pdf.ts hands them to sealPdf. */
const services = (timestamp: SignatureTimestamper): SealServices => ({
  timestamp,
  tsaCertificates: [material.signerCertDer, material.rootCertDer],
  validation: (chains) => collectValidationData(chains, { at: new Date(), builtIn: builtInAuthorityOf(material) }),
});

beforeAll(async () => {
  material = createAuthorityMaterial();
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const at = Date.now();
  const sealCert = createCertificate({ commonName: "Birim Mühür", publicKey: keys.publicKey, issuerCertDer: material.rootCertDer, signingKey: material.rootKey, notBefore: new Date(at - 3_600_000), notAfter: new Date(at + 86_400_000), ca: false, keyUsage: [0, 1] });
  seal = { key: keys.privateKey, chain: [sealCert, material.rootCertDer] };
  const tsa = createLocalAuthority(material);
  stamp = async (hex) => {
    calls++;
    return tsa.issue(buildTimeStampReq(Buffer.from(hex, "hex"), randomNonce()));
  };
  const rendered = await renderConsentPdf({
    consentId: "ons_261126_abcdefabcdef", institution: "Özel Şifa", templateTitle: "Onam", templateVersion: 1, contentSha256: "a".repeat(64),
    renderedHtml: "<p>Metin</p>", patientName: "Ali Veli", tcMasked: null, phoneMasked: "+90532*****67", approver: { type: "hasta", name: null, relation: null },
    physician: null, procedure: null, animal: null, signedAt: "2026-11-26 10:00:00", signerIp: "203.0.113.1", signerUserAgent: "UA", otpPhoneMasked: "+90532*****67",
    signaturePng: signaturePng(), verifyUrl: "https://onam.example/dogrula/ons_261126_abcdefabcdef", language: "tr", interpreter: null, witness: null, countersignature: null,
  });
  prepared = await archivePdf(
    rendered,
    { title: "Onam", author: "Özel Şifa", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json: '{"events":[]}' } },
    { signerName: "Birim Mühür", reason: "Onam", location: "Türkiye", signingTime: new Date(), certificates: [...seal.chain], contentsBytes: signatureReserve(seal.chain) },
  );
});

describe("sealPdf with a TSA that answers (B-LTA)", () => {
  let pdf: Buffer;
  beforeAll(async () => {
    calls = 0;
    const sealed = await sealPdf(prepared, seal, services(stamp));
    expect(sealed.level).toBe("B-LTA");
    pdf = sealed.pdf;
  });

  it("asks the TSA twice: the signature-time-stamp, then the document time-stamp", () => {
    expect(calls).toBe(2);
  });

  it("is three revisions: the signature, the DSS, the document time-stamp over the whole file", () => {
    const text = pdf.toString("latin1");
    expect(text.match(/%%EOF/g)).toHaveLength(3);
    const [signature, docTimestamp] = pdfSignatures(pdf);
    expect(pdfSignatures(pdf)).toHaveLength(2);
    expect(signature!.subFilter).toBe("ETSI.CAdES.detached");
    expect(signature!.coversWholeFile).toBe(false);
    expect(docTimestamp!.subFilter).toBe("ETSI.RFC3161");
    expect(docTimestamp!.coversWholeFile).toBe(true);
    // The DSS revision lies between the signature's range and the document time-stamp's dictionary.
    const signedEnd = signature!.range[2] + signature!.range[3];
    const dssAt = text.indexOf("/Type /DSS", signedEnd);
    expect(dssAt).toBeGreaterThan(signedEnd);
    expect(dssAt).toBeLessThan(text.indexOf("/Type /DocTimeStamp"));
    expect(text.slice(text.lastIndexOf("/Type /DocTimeStamp") - 200)).toMatch(/\/SubFilter \/ETSI\.RFC3161/);
    // Each revision's trailer points at the one before it.
    expect(text.match(/\/Prev \d+/g)).toHaveLength(2);
    expect(lastStartXref(pdf)).toBeGreaterThan(signedEnd);
  });

  it("holds in the catalog's latest DSS the seal's chain, the TSA's certificate and the CRL", async () => {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const dss = doc.catalog.lookup(PDFName.of("DSS"), PDFDict);
    const ders = (key: string) => dss.lookup(PDFName.of(key), PDFArray).asArray().map((ref) => Buffer.from(decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode()));
    const certs = ders("Certs");
    for (const der of [...seal.chain, material.signerCertDer]) expect(certs.some((c) => c.equals(der))).toBe(true);
    expect(new Set(certs.map((c) => c.toString("hex"))).size).toBe(certs.length);
    expect(ders("CRLs")).toHaveLength(1);
    // Two signature fields in the form, the second the document time-stamp's.
    const fields = doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict).lookup(PDFName.of("Fields"), PDFArray);
    expect(fields.size()).toBe(2);
    expect(fields.lookup(1, PDFDict).lookup(PDFName.of("V"), PDFDict).get(PDFName.of("Type"))).toEqual(PDFName.of("DocTimeStamp"));
    const annots = doc.getPages()[0]!.node.lookup(PDFName.of("Annots"), PDFArray).asArray();
    expect(annots).toContainEqual(fields.get(1));
  });

  it("is listed by pdfsig as two signatures: the seal valid, then the document time-stamp over the whole file", () => {
    const out = pdfsig(pdf, "lta.pdf");
    const [first, second] = [out.slice(out.indexOf("Signature #1"), out.indexOf("Signature #2")), out.slice(out.indexOf("Signature #2"))];
    expect(out).not.toContain("Signature #3");
    expect(first).toContain("Signature Type: ETSI.CAdES.detached");
    expect(first).toContain("Signature Validation: Signature is Valid.");
    expect(first).not.toContain("Total document signed");
    expect(second).toContain("Signature Field Name: DocTimeStamp1");
    expect(second).toContain("Signer Certificate Common Name: e-Onam Yerel Test Zaman Damgası");
    expect(second).toContain("Total document signed");
    // poppler 22.12 (Debian 12's) does not know the ETSI.RFC3161 sub-filter: it lists the time-stamp
    // but leaves it unchecked; a later poppler names it and checks it. OpenSSL checks it below.
    expect(second).toMatch(/Signature Type: ETSI\.RFC3161[^]*Signature Validation: Signature is Valid\.|Signature Type: unknown[^]*Unable to validate this type of signature/);
  });

  it("keeps the document's tags (issue #50: PDF/UA structure) through the signature's and the time-stamp's revisions", () => {
    expect(pdfInfo(pdf)).toMatch(/^Tagged:\s+yes$/m);
    expect(structText(pdf)).toMatch(/^Document\n {2}H1 \(block\)\n {4}"Onam"\n/);
    expect(structText(pdf)).toContain("Figure");
  });

  it("carries a document time-stamp that OpenSSL verifies over the bytes its range covers, and over no other", () => {
    const stamp = pdfSignatures(pdf)[1]!;
    const files = { token: path.join(dir, "doc-ts.der"), data: path.join(dir, "doc-ts.data"), ca: path.join(dir, "tsa-ca.pem") };
    fs.writeFileSync(files.token, stamp.cms);
    fs.writeFileSync(files.data, stamp.covered);
    fs.writeFileSync(files.ca, derToPem(material.rootCertDer));
    const verify = () => spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", files.token, "-data", files.data, "-CAfile", files.ca], { encoding: "utf8" });
    const good = verify();
    expect(good.stdout + good.stderr).toContain("Verification: OK");
    fs.writeFileSync(files.data, Buffer.concat([stamp.covered.subarray(0, -1), Buffer.from("X")]));
    expect(verify().status).not.toBe(0);
  });

  it("passes the offline verifier's PAdES checks, the document time-stamp included", () => {
    const report = verifyPdf(pdf, { trust: [material.rootCertDer] });
    expect(report.signatures.map((s) => [s.role, s.valid, s.trusted, s.problem])).toEqual([
      ["seal", true, true, null],
      ["timestamp", true, true, null],
      ["document-timestamp", true, true, null],
    ]);
    expect(report.checks.find((c) => c.check === "changes after the seal")?.outcome).toBe("ok");
    expect(report.level).toBe("B-LTA");
  });

  it("breaks both signatures when a byte of the first revision changes, and the time-stamp when one of the last does", () => {
    const first = Buffer.from(pdf);
    const at = first.indexOf("<pdf:Producer>e-Onam", 0, "latin1") + "<pdf:Producer>".length;
    first[at] = "E".charCodeAt(0);
    const out = pdfsig(first, "tampered-first.pdf");
    expect(out).not.toContain("Signature is Valid");
    expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    const signatures = (bytes: Buffer) => verifyPdf(bytes, { trust: [material.rootCertDer] }).signatures;
    const tampered = signatures(first);
    const [seal, stamp] = [tampered[0], tampered.find((s) => s.role === "document-timestamp")];
    expect(seal).toMatchObject({ role: "seal", valid: false });
    expect(stamp).toMatchObject({ role: "document-timestamp", valid: false, problem: "the token's imprint does not match what it should cover" });

    // A byte of the DSS revision: the seal still holds (it was before), the time-stamp over it does not.
    const last = Buffer.from(pdf);
    const dss = last.lastIndexOf("/Type /DSS");
    last[dss + "/Type /D".length] = "X".charCodeAt(0);
    const after = signatures(last);
    expect(after[0]).toMatchObject({ role: "seal", valid: true });
    expect(after.find((s) => s.role === "document-timestamp")).toMatchObject({ valid: false });
  });
});

describe("sealPdf when the TSA does not answer", () => {
  it("keeps the signed file (B-LT) when only the document time-stamp gets no answer", async () => {
    let n = 0;
    const once: SignatureTimestamper = async (hex) => (n++ === 0 ? stamp(hex) : null);
    const { pdf, level } = await sealPdf(prepared, seal, services(once));
    expect(level).toBe("B-LT");
    expect(n).toBe(2);
    expect(pdfSignatures(pdf)).toHaveLength(1);
    // The signed revision, then the DSS revision with the status of every certificate (B-LT).
    expect(pdf.toString("latin1").match(/%%EOF/g)).toHaveLength(2);
    // The offline verifier says what is missing, and only that.
    const report = verifyPdf(pdf, { trust: [material.rootCertDer] });
    expect(report.signatures.map((s) => [s.role, s.valid && s.trusted])).toEqual([["seal", true], ["timestamp", true]]);
    expect(report.level).toBe("B-LT");
    expect(report.warnings).toContainEqual(expect.stringMatching(/^no document time-stamp after the seal/));
  });

  it("seals at B-B with one signature and never asks for a document time-stamp when the TSA is down", async () => {
    let n = 0;
    const down: SignatureTimestamper = async () => {
      n++;
      return null;
    };
    const { pdf, level } = await sealPdf(prepared, seal, services(down));
    expect(level).toBe("B-B");
    expect(n).toBe(1);
    expect(pdfSignatures(pdf).map((s) => s.subFilter)).toEqual(["ETSI.CAdES.detached"]);
    const out = pdfsig(pdf, "b-b.pdf");
    expect(out).toContain("Signature is Valid");
    expect(out).not.toContain("ETSI.RFC3161");
    expect(createHash("sha256").update(pdf).digest("hex")).toMatch(/^[0-9a-f]{64}$/);
  });
});
