// The consent object of the REST API and webhooks (spec "Consent object", decisions §5).
// Personal data is stored encrypted and only decrypted here, on the way out, masked where required.
// A purged consent (storage `kurum`, decisions §12) keeps the same shape with `purged: true`: what
// the purge removed is null, and only the timestamp token is still offered for download.
import { decryptField } from "@/lib/consents/encrypted-fields";
import type { ConsentRow } from "@/lib/db/consents";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus, STATUS_TEXT } from "@/lib/consents/consent-status";
import { downloadUrl } from "@/lib/documents/download-links";
import type { Language } from "@/lib/i18n/languages";
import type { ConsentObject } from "@/lib/contract/response-shapes";
import { comprehensionSummary } from "@/lib/consents/comprehension";
import { certificateSummary } from "@/lib/consents/countersign-certificate";
import { signatureType } from "@/lib/consents/countersign-method";
import { parseAnsweredClauses } from "@/lib/templates/clauses";

export function verifyUrl(consentId: string): string {
  return `${env().APP_URL}/dogrula/${consentId}`;
}

export function signingUrl(token: string): string {
  return `${env().APP_URL}/s/${token}`;
}

export function shortUrl(code: string): string {
  return `${env().APP_URL}/k/${code}`;
}

type TimestampObject =
  | { status: "ok"; time: string | null; serial: string | null; provider: string | null }
  | { status: "none" | "failed"; error: string }
  | { status: "queued" };

function timestampOf(row: ConsentRow, tz: string): TimestampObject {
  switch (row.tsStatus) {
    case "ok":
      return {
        status: "ok",
        time: row.tsTime ? formatDateTime(row.tsTime, tz) : null,
        serial: row.tsSerial,
        provider: row.tsProvider,
      };
    case "none":
      return { status: "none", error: row.tsError };
    case "failed":
      return { status: "failed", error: row.tsError };
    default:
      // The column holds none, queued, ok or failed; anything else would be a bug surfaced by the OpenAPI test.
      return { status: row.tsStatus as "queued" };
  }
}


const dec = (v: string | null) => (v === null ? null : decrypt(v));

export function serializeConsent(row: ConsentRow, at: Date): ConsentObject {
  const tz = env().APP_TIMEZONE;
  const dt = (d: Date | null) => (d ? formatDateTime(d, tz) : null);
  const status = effectiveStatus(row.status, row.expiresAt, at);
  const purged = row.purgedAt !== null;
  // The purge already nulled these columns; the answer does not rely on it.
  const kept = <T>(v: T): T | null => (purged ? null : v);
  return {
    id: row.id,
    status,
    status_text: STATUS_TEXT[status],
    // A string in the spec's consent table (unlike tc_masked, which decisions §5 lets be null).
    external_ref: kept(row.externalRef ?? ""),
    external_patient_id: kept(row.externalPatientId),
    patient: { name: kept(dec(row.patientName)), tc_masked: kept(row.tcMasked), phone: kept(row.phoneMasked) },
    approver: { type: kept(row.approverType), name: kept(dec(row.approverName)), relation: kept(decryptField(row.approverRelation)) },
    physician: kept(decryptField(row.physician)),
    procedure: kept(decryptField(row.procedure)),
    animal: !purged && (row.animalName || row.animalSpecies) ? { name: decryptField(row.animalName), species: decryptField(row.animalSpecies) } : null,
    template: { code: row.templateCode, version: row.templateVersion, content_sha256: row.contentSha256 },
    language: row.language as Language,
    created_at: dt(row.createdAt)!,
    expires_at: dt(row.expiresAt)!,
    signed_at: dt(row.signedAt),
    rejected_at: dt(row.rejectedAt),
    cancelled_at: dt(row.cancelledAt),
    reject_reason: kept(decryptField(row.rejectReason)),
    cancel_reason: kept(decryptField(row.cancelReason)),
    withdrawn_at: dt(row.withdrawnAt),
    withdraw_reason: kept(decryptField(row.withdrawReason)),
    // decisions §19: the parties besides the person.
    physician_countersign: row.countersignRequired
      ? {
          required: true,
          name: kept(dec(row.countersignerName)),
          registration_no: kept(dec(row.countersignerRegistrationNo)),
          informed_at: dt(row.informedAt),
          signed_at: dt(row.countersignedAt),
          // issue #51: how it was given once it is (drawn, typed, saved, qualified); before, how it will be.
          signature_type: signatureType(row.countersignMethod ?? row.physicianSignatureType),
          certificate: purged ? null : certificateSummary(row.countersignCertificate),
        }
      : null,
    witness: !purged && row.witnessName ? { name: decrypt(row.witnessName) } : null,
    interpreter: !purged && row.interpreterName ? { name: decrypt(row.interpreterName), language: row.language as Language } : null,
    // Download links are signed afresh on every read and expire after 24 hours (decisions §8).
    document: row.documentSha256
      ? {
          sha256: row.documentSha256,
          pdf_url: purged ? null : downloadUrl(row.id, "pdf", at),
          evidence_url: purged ? null : downloadUrl(row.id, "evidence", at),
          tsr_url: !purged || row.tsStatus === "ok" ? downloadUrl(row.id, "tsr", at) : null,
          verify_url: verifyUrl(row.id),
        }
      : null,
    // issue #51: the sealed withdrawal receipt beside the untouched document, once it is produced.
    withdrawal_receipt: row.receiptSha256 ? { sha256: row.receiptSha256, pdf_url: purged ? null : downloadUrl(row.id, "receipt", at) } : null,
    timestamp: timestampOf(row, tz),
    link: purged ? null : { url: signingUrl(row.linkToken), short: shortUrl(row.shortCode) },
    purged,
    // decisions §22: a material change of the text since it completed; the consents it renews / that renew it.
    reconsent_required: row.reconsentRequired,
    previous_id: row.previousId,
    replaced_by: row.replacedBy,
    // decisions §22: how the teach-back questions were answered (counts only: no answer is served).
    comprehension: comprehensionSummary(row.comprehension),
    // decisions §26: the clauses as answered when signing (null before).
    clauses: parseAnsweredClauses(row.clauses),
  };
}
