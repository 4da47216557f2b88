// What the PDF renderers need: plain data, already decrypted and formatted by the caller.
import type { EvidenceRecord } from "@/lib/evidence/chain";
import type { ConsentStatus } from "@/lib/consents/consent-status";
import type { Language } from "@/lib/i18n/languages";
import type { ComprehensionDetail } from "@/lib/consents/comprehension";

/** decisions §23: the institution's letterhead on the first page, as it stands when the document is rendered. */
export interface DocumentBranding {
  /** an opaque 8-bit sRGB PNG (lib/branding/check-logo.ts), and its size in pixels */
  logo: { png: Buffer; width: number; height: number } | null;
  address: string | null;
  /** as written for people: `+90 212 555 12 34` */
  phone: string | null;
  privacyUrl: string | null;
}

/** What the person was shown: the common part of the signed consent and of a refusal on record. */
export interface ShownTextData {
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
  verifyUrl: string;
  /** decisions §17: the language of the text */
  language: Language;
  /** decisions §23: absent or null: the institution set no logo, address, phone or privacy link */
  branding?: DocumentBranding | null;
}

export interface ConsentDocumentData extends ShownTextData {
  /** "YYYY-MM-DD HH:MM:SS" in the service time zone */
  signedAt: string;
  signerIp: string;
  signerUserAgent: string;
  /** the phone the OTP was verified on, masked */
  otpPhoneMasked: string;
  /** PNG bytes of the drawn signature; null when the person typed their name instead (typedSignature) */
  signaturePng: Buffer | null;
  /** decisions §23: the name the person typed instead of drawing; absent or null for a drawn signature */
  typedSignature?: string | null;
  /** decisions §17: the interpreter who explained the text and signed too (at signedAt) */
  interpreter: { name: string; signaturePng: Buffer } | null;
  /** decisions §19: the witness who signed after the person (at signedAt) */
  witness: { name: string; signaturePng: Buffer } | null;
  /** decisions §22: the most of the text's recording the person heard before signing (metin_dinlendi); absent or null: none on record */
  listenedPercent?: number | null;
  /** decisions §19: the informing physician's countersignature, with the time of informing */
  countersignature: { name: string; registrationNo: string | null; informedAt: string; signedAt: string; signaturePng: Buffer } | null;
  /** decisions §22: the teach-back questions and how they were answered; absent or null when none were asked */
  comprehension?: ComprehensionDetail | null;
}

/** decisions §19: a refusal to sign put on record in person (Ret Tutanağı). */
export interface RefusalDocumentData extends ShownTextData {
  refusal: {
    reason: string;
    witness: string;
    /** the staff member (name or e-mail) or the API key (its name) that recorded it */
    recordedBy: string;
    /** "YYYY-MM-DD HH:MM:SS" in the service time zone */
    recordedAt: string;
  };
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
