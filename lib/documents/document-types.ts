// What the PDF renderers need: plain data, already decrypted and formatted by the caller.
// Declared here, not borrowed from the domains: lib/documents is a floor below them (docs/design.md).
import type { ConsentStatus, EvidenceRecord } from "@/lib/contract/enums";
import type { Language } from "@/lib/i18n/languages";

/** decisions §22: the teach-back questions as answered (lib/consents/comprehension.ts describes them). */
export interface ShownComprehension {
  asked: number;
  first_try_correct: number;
  flagged: boolean;
  missed: number[];
  items: { question: string; options: string[]; correct: number; explanation?: string; first: number; second: number | null; firstTryCorrect: boolean }[];
}

/** decisions §23: the institution's letterhead on the first page, as it stands when the document is rendered. */
export interface DocumentBranding {
  /** an opaque 8-bit sRGB PNG (lib/branding/check-logo.ts), and its size in pixels */
  logo: { png: Buffer; width: number; height: number } | null;
  address: string | null;
  /** as written for people: `+90 212 555 12 34` */
  phone: string | null;
  privacyUrl: string | null;
}

/**
 * decisions §25: who sealed the document and when, who time-stamps it, and whether the built-in test
 * authority is used (every page then says it has no legal validity). Set where the seal is made
 * (lib/sealing/produce-sealed-pdf.ts); `seal` null: not sealed (yet).
 */
export interface SealingStatement {
  seal: { subject: string; at: string } | null;
  /** the time-stamping authority's name; null: time-stamping is off */
  timestampedBy: string | null;
  test: boolean;
}

/** decisions §25: the SKS document-control fields of the template version the document was made from. */
export interface DocumentControl {
  /** dokuman_kodu; null when none was set */
  code: string | null;
  /** the version's publication, "YYYY-MM-DD HH:MM:SS" in the service time zone */
  publishedAt: string;
  /** the version's number: 1, 2, … per template */
  revision: number;
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
  /** the zone of the wall-clock times (APP_TIMEZONE), printed beside each (decisions §25); set by the renderer from its options */
  timeZone?: string;
  /** decisions §25: absent: rendered outside the sealing pipeline (a preview, a test) */
  sealing?: SealingStatement | null;
  /** decisions §25: `dogum_tarih` as given (YYYY-MM-DD); absent or null: not given */
  birthDate?: string | null;
  /** decisions §25: `dis_hasta_id`, the patient or protocol number; absent or null: not given */
  externalPatientId?: string | null;
  /** decisions §25: SKS document control of the template version — printed in every page's header */
  documentControl?: DocumentControl | null;
  /** decisions §25: for a consent in another language, the Turkish text of the same version filled with the same values */
  turkishText?: { title: string; html: string } | null;
}

export interface ConsentDocumentData extends ShownTextData {
  /** "YYYY-MM-DD HH:MM:SS" in the service time zone */
  signedAt: string;
  signerIp: string;
  signerUserAgent: string;
  /** the phone the OTP was verified on, masked */
  otpPhoneMasked: string;
  /** decisions §26: the staff member who checked the identity document in person (kiosk); absent or null otherwise */
  identityVerifiedBy?: string | null;
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
  countersignature: {
    name: string;
    registrationNo: string | null;
    informedAt: string;
    signedAt: string;
    /** the drawn (or saved) signature (§19); null for a qualified one (§24), which the file holds as a PAdES signature, and a typed one */
    signaturePng: Buffer | null;
    /** issue #51: the name the physician typed instead of drawing; absent or null otherwise */
    typed?: string | null;
    qualified?: { subject: string; serial: string } | null;
    /** decisions §24, §25: how the physician signed; absent: drawn */
    signatureType?: "drawn" | "typed" | "saved" | "qualified";
  } | null;
  /** decisions §22: the teach-back questions and how they were answered; absent or null when none were asked */
  comprehension?: ShownComprehension | null;
  /** decisions §26: the clauses (maddeler) with the person's answers; absent or null when the version has none */
  clauses?: { code: string; text: string; required: boolean; accepted: boolean }[] | null;
  /** decisions §26: a re-consent's note of what changed (or the passages added); absent or null for a first consent */
  whatChanged?: { note: string | null; added: string[] } | null;
}

/** decisions §19: a refusal to sign put on record in person (Ret Tutanağı). */
export interface RefusalDocumentData extends ShownTextData {
  refusal: {
    reason: string;
    witness: string;
    /** the staff member (name or e-mail) or the API key (its name) that recorded it */
    recordedBy: string;
    /** decisions §25: the informing physician named on the record; absent or null: none */
    physician?: string | null;
    /** decisions §25: the witness's signature drawn on the clinic's tablet (the panel); absent or null: none */
    witnessSignaturePng?: Buffer | null;
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
  /** as ShownTextData.timeZone */
  timeZone?: string;
  /** as ShownTextData.sealing */
  sealing?: SealingStatement | null;
}

/**
 * issue #51, decisions §18: the withdrawal receipt ("Geri Çekme Tutanağı") of a withdrawn consent, a
 * document of its own beside the untouched original: who withdrew which consent when, and the
 * original's digest, so that whoever files it can tie it to the signed document.
 */
export interface WithdrawalReceiptData {
  consentId: string;
  institution: string;
  templateTitle: string;
  templateCode: string;
  templateVersion: number;
  /** the person's name as in the consent, and who signed for them when not the person */
  patientName: string;
  approver: string | null;
  /** "YYYY-MM-DD HH:MM:SS" in the service time zone: the original's signature, and the withdrawal */
  signedAt: string;
  withdrawnAt: string;
  /** in words: the person through the signing link, a staff member's name, or the API key's institution and name */
  withdrawnBy: string;
  reason: string | null;
  /** document.sha256 of the original sealed document, which stays byte-identical */
  documentSha256: string;
  verifyUrl: string;
  branding?: DocumentBranding | null;
  timeZone?: string;
  sealing?: SealingStatement | null;
  documentControl?: DocumentControl | null;
}
