// Consent PDFs sealed the way the service seals them, in-process, with the test PKI's certificates
// (tests/pki): kanit.json with a valid evidence chain, its log proof and the trust statement signed by
// a log key of the test's own; the seal (after a physician's signature when asked), a DSS with the
// OCSP responses and CRLs a validator needs, and a document time-stamp — PAdES B-LTA with real
// RSA-4096 chains, an openssl TSA and an openssl OCSP responder.
import { generateKeyPairSync, X509Certificate, type KeyObject } from "node:crypto";
import { hashRecord, type EvidenceRecord } from "@/lib/evidence/chain";
import { renderConsentPdf } from "@/lib/documents/render-consent-pdf";
import { signaturePng } from "@/tests/fixtures/png";
import { archivePdf } from "@/lib/documents/archive-pdf";
import { leafHash } from "@/lib/transparency/merkle";
import { rawPublicKey, signCheckpoint, signNote, verifierKey } from "@/lib/transparency/note";
import { trustStatementText, type TrustEntry } from "@/lib/verifier/trust-statement";
import type { PkiCertificate, TestPki } from "../pki";
import { appendDocTimestamp, appendDss, appendSignature, sha256Hex } from "./pdf-updates";

export interface TestLogKey {
  name: string;
  privateKey: KeyObject;
  /** what GET /log/key serves */
  verifierKey: string;
}

export function makeLogKey(name = "onam.test/log"): TestLogKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { name, privateKey, verifierKey: verifierKey(name, rawPublicKey(publicKey)) };
}

export function entryOf(kind: TrustEntry["kind"], cert: PkiCertificate): TrustEntry {
  const x = new X509Certificate(cert.der);
  return { kind, sha256: sha256Hex(cert.der), notBefore: new Date(x.validFrom), notAfter: new Date(x.validTo) };
}

export function trustStatement(key: TestLogKey, entries: TrustEntry[]): string {
  return signNote(trustStatementText(key.name, entries), key.name, key.privateKey);
}

/** kanit.json of a consent: a valid two-record chain, its one-leaf log proof, the trust statement. */
export function kanitJson(consentId: string, key: TestLogKey, statement: string | null, ip = "203.0.113.9"): string {
  const records: EvidenceRecord[] = [];
  for (const event of ["olusturuldu", "imzalandi"]) {
    const base = { seq: records.length + 1, event, at: "2026-11-28 10:00:00", ip, user_agent: "test", actor: "hasta", data: {}, prev_hash: records.at(-1)?.hash ?? null };
    records.push({ ...base, hash: hashRecord(base) });
  }
  const root = leafHash(Buffer.from(records.at(-1)!.hash, "hex"));
  const checkpoint = signCheckpoint({ origin: key.name, size: 1, root }, key.name, key.privateKey);
  return JSON.stringify({ consent_id: consentId, events: records, log: { checkpoint, leaf_index: 0, inclusion: [] }, ...(statement ? { trust: statement } : {}) }, null, 2);
}

/** A rendered consent made PDF/A-3 with kanit.json embedded, not yet signed; `html` the template's text (a longer one, more pages). */
export async function consentPdf(kanit: string, procedure = "Sol diz artroskopisi", html = "<p>Ameliyat hakkında bilgilendirildim.</p>"): Promise<Buffer> {
  const rendered = await renderConsentPdf({
    consentId: "ons_261128_pkipkipkipki", institution: "Test Klinik A.Ş.", templateTitle: "Ameliyat Onamı", templateVersion: 1, contentSha256: "a".repeat(64),
    renderedHtml: html, patientName: "Ayşe Yılmaz", tcMasked: null, phoneMasked: "+90532*****67",
    approver: { type: "hasta", name: null, relation: null }, physician: "Dr. Mehmet Öz", procedure, animal: null, signedAt: "2026-11-28 10:00:00",
    signerIp: "203.0.113.9", signerUserAgent: "test", otpPhoneMasked: "+90532*****67", signaturePng: signaturePng(),
    verifyUrl: "https://onam.test/dogrula/ons_261128_pkipkipkipki", language: "tr", interpreter: null, witness: null, countersignature: null,
  } as Parameters<typeof renderConsentPdf>[0]);
  return Buffer.from(await archivePdf(rendered, { title: "Ameliyat Onamı", author: "Test Klinik A.Ş.", createdAt: new Date(), attachment: { name: "kanit.json", description: "Kanıt", json: kanit } }, null));
}

export interface PkiSealOptions {
  seal?: PkiCertificate;
  /** a physician's qualified signature before the seal */
  physician?: PkiCertificate;
  /** what the DSS holds: OCSP responses (and the root's CRL for the intermediates), CRLs only, or nothing */
  revocation?: "ocsp" | "crl" | "none";
  /** no document time-stamp (B-LT) */
  archive?: boolean;
}

/** The seal, the validation data and the document time-stamp, as the service adds them. */
export async function sealWithPki(prepared: Buffer, pki: TestPki, o: PkiSealOptions = {}): Promise<Buffer> {
  const seal = o.seal ?? pki.seal;
  const stamp = (hex: string) => pki.timestamp(hex);
  let pdf = prepared;
  if (o.physician) pdf = await appendSignature(pdf, { key: { key: o.physician.key, chain: o.physician.chain }, timestamp: stamp, name: "Hekim" });
  pdf = await appendSignature(pdf, { key: { key: seal.key, chain: seal.chain }, timestamp: stamp, name: "Signature1" });
  const leaves = [seal, pki.tsa, ...(o.physician ? [o.physician] : [])];
  const certificates = [...new Map(leaves.flatMap((c) => c.chain).map((d) => [sha256Hex(d), d])).values()];
  const mode = o.revocation ?? "ocsp";
  if (mode !== "none") {
    const intermediates = await Promise.all(pki.intermediates.map((_, i) => pki.crl(i === 0 ? pki.root : pki.intermediates[i - 1]!)));
    pdf = await appendDss(pdf, {
      certificates,
      ocsps: mode === "ocsp" ? await Promise.all(leaves.map((c) => pki.ocspResponse(c))) : [],
      crls: mode === "crl" ? [...intermediates, await pki.crl(pki.issuer)] : intermediates,
    });
  } else pdf = await appendDss(pdf, { certificates });
  return o.archive === false ? pdf : appendDocTimestamp(pdf, stamp);
}
