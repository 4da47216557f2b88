// What the PDF renderers need: plain data, already decrypted and formatted by the caller.
import type { EvidenceRecord } from "@/lib/evidence/chain";
import type { ConsentStatus } from "@/lib/consents/consent-status";
import type { Language } from "@/lib/i18n/languages";

export interface ConsentDocumentData {
  consentId: string;
  institution: string;
  templateTitle: string;
  templateVersion: number;
  /** template.content_sha256: the digest of renderedHtml */
  contentSha256: string;
  /** the exact HTML the person was shown (sanitized template, escaped values) */
  renderedHtml: string;
  patientName: string;
  tcMasked: string | null;
  phoneMasked: string;
  approver: { type: "hasta" | "veli" | "vasi" | "sahip"; name: string | null; relation: string | null };
  physician: string | null;
  procedure: string | null;
  animal: { name: string | null; species: string | null } | null;
  /** "YYYY-MM-DD HH:MM:SS" in the service time zone */
  signedAt: string;
  signerIp: string;
  signerUserAgent: string;
  /** the phone the OTP was verified on, masked */
  otpPhoneMasked: string;
  /** PNG bytes of the drawn signature */
  signaturePng: Buffer;
  verifyUrl: string;
  /** decisions §17: the language of the text, and the interpreter who explained it and signed too */
  language: Language;
  interpreter: { name: string; signaturePng: Buffer } | null;
}

export interface EvidenceReportData {
  consentId: string;
  institution: string;
  status: ConsentStatus;
  template: { code: string; version: number; contentSha256: string };
  /** null until the document exists */
  documentSha256: string | null;
  events: EvidenceRecord[];
  chain: { ok: boolean; count: number; head: string | null };
  timestamp: {
    status: "none" | "queued" | "ok" | "failed";
    time: string | null;
    serial: string | null;
    provider: string | null;
    providerName: string | null;
    legallyValid: boolean | null;
    error: string | null;
    /** seconds between the signature and the timestamp, when the timestamp came later */
    delaySeconds: number | null;
  };
  signedAt: string | null;
  /** "YYYY-MM-DD HH:MM:SS" */
  generatedAt: string;
  verifyUrl: string;
}
