// The consent object of the REST API and webhooks (spec "Consent object", decisions §5).
// Personal data is stored encrypted and only decrypted here, on the way out, masked where required.
import type { Prisma } from "@prisma/client";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { effectiveStatus, STATUS_TEXT } from "@/lib/consents/consent-status";
import { downloadUrl } from "@/lib/documents/download-links";

export const consentSelect = {
  id: true,
  status: true,
  externalRef: true,
  externalPatientId: true,
  patientName: true,
  phoneMasked: true,
  tcMasked: true,
  physician: true,
  procedure: true,
  approverType: true,
  approverName: true,
  approverRelation: true,
  animalName: true,
  animalSpecies: true,
  templateCode: true,
  templateVersion: true,
  contentSha256: true,
  linkToken: true,
  shortCode: true,
  createdAt: true,
  expiresAt: true,
  signedAt: true,
  rejectedAt: true,
  cancelledAt: true,
  rejectReason: true,
  cancelReason: true,
  documentSha256: true,
  tsStatus: true,
  tsError: true,
  tsTime: true,
  tsSerial: true,
  tsProvider: true,
} satisfies Prisma.ConsentSelect;

export type ConsentRow = Prisma.ConsentGetPayload<{ select: typeof consentSelect }>;

export function verifyUrl(consentId: string): string {
  return `${env().APP_URL}/dogrula/${consentId}`;
}

export function signingUrl(token: string): string {
  return `${env().APP_URL}/s/${token}`;
}

export function shortUrl(code: string): string {
  return `${env().APP_URL}/k/${code}`;
}

function timestampOf(row: ConsentRow, tz: string) {
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
      return { status: row.tsStatus };
  }
}

const dec = (v: string | null) => (v === null ? null : decrypt(v));

export function serializeConsent(row: ConsentRow, at: Date) {
  const tz = env().APP_TIMEZONE;
  const dt = (d: Date | null) => (d ? formatDateTime(d, tz) : null);
  const status = effectiveStatus(row.status, row.expiresAt, at);
  return {
    id: row.id,
    status,
    status_text: STATUS_TEXT[status],
    external_ref: row.externalRef,
    external_patient_id: row.externalPatientId,
    patient: { name: dec(row.patientName), tc_masked: row.tcMasked, phone: row.phoneMasked },
    approver: { type: row.approverType, name: dec(row.approverName), relation: row.approverRelation },
    physician: row.physician,
    procedure: row.procedure,
    animal: row.animalName || row.animalSpecies ? { name: row.animalName, species: row.animalSpecies } : null,
    template: { code: row.templateCode, version: row.templateVersion, content_sha256: row.contentSha256 },
    created_at: dt(row.createdAt)!,
    expires_at: dt(row.expiresAt)!,
    signed_at: dt(row.signedAt),
    rejected_at: dt(row.rejectedAt),
    cancelled_at: dt(row.cancelledAt),
    reject_reason: row.rejectReason,
    cancel_reason: row.cancelReason,
    // Download links are signed afresh on every read and expire after 24 hours (decisions §8).
    document: row.documentSha256
      ? {
          sha256: row.documentSha256,
          pdf_url: downloadUrl(row.id, "pdf", at),
          evidence_url: downloadUrl(row.id, "evidence", at),
          tsr_url: downloadUrl(row.id, "tsr", at),
          verify_url: verifyUrl(row.id),
        }
      : null,
    timestamp: timestampOf(row, tz),
    link: { url: signingUrl(row.linkToken), short: shortUrl(row.shortCode) },
  };
}

export type ConsentObject = ReturnType<typeof serializeConsent>;
