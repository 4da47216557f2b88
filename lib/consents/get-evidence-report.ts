// The evidence report (decisions §8): every event with its hash, the chain verdict, the document
// digest, the timestamp and, when the timestamp came later than the signature, the delay.
import { evidenceReportRow } from "@/lib/db/consent-reads";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/time";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import { effectiveStatus } from "@/lib/consents/consent-status";
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import type { EvidenceReportData } from "@/lib/documents/document-types";

export async function getEvidenceReport(tenantId: string, consentId: string): Promise<EvidenceReportData> {
  const c = await evidenceReportRow(tenantId, consentId);
  if (!c) throw new AppError("not_found", "Onam bulunamadı.");
  const tz = env().APP_TIMEZONE;
  const { records: events, chain } = await loadEvidence(consentId);
  // The configured driver describes only its own tokens: after a change of TSA, an older token's
  // provider keeps its code, and its name and legal standing are not guessed.
  const configured = describeTimestamping();
  const provider = c.tsStatus === "ok" && configured.provider === c.tsProvider ? configured : null;
  const delay = c.tsTime && c.signedAt ? Math.round((c.tsTime.getTime() - c.signedAt.getTime()) / 1000) : null;
  return {
    consentId,
    institution: c.institution,
    status: effectiveStatus(c.status, c.expiresAt, now()),
    template: { code: c.templateCode, version: c.templateVersion, contentSha256: c.contentSha256 },
    documentSha256: c.documentSha256,
    events,
    chain,
    timestamp: {
      status: c.tsStatus as EvidenceReportData["timestamp"]["status"],
      time: c.tsTime ? formatDateTime(c.tsTime, tz) : null,
      serial: c.tsSerial,
      provider: c.tsProvider,
      providerName: provider?.provider_name ?? null,
      legallyValid: provider?.legally_valid ?? null,
      error: c.tsError || null,
      // decisions §8: the delay of a timestamp obtained later than the signature, i.e. by a retry
      // (automatic or manual); the first attempt follows the signature at once.
      delaySeconds: delay !== null && c.tsAttempts > 1 ? Math.max(delay, 1) : null,
    },
    signedAt: c.signedAt ? formatDateTime(c.signedAt, tz) : null,
    generatedAt: formatDateTime(now(), tz),
    verifyUrl: verifyUrl(consentId),
  };
}

/** The JSON form served with ?format=json: snake_case, the same content as the PDF. */
export function evidenceReportJson(r: EvidenceReportData) {
  return {
    consent_id: r.consentId,
    institution: r.institution,
    status: r.status,
    template: { code: r.template.code, version: r.template.version, content_sha256: r.template.contentSha256 },
    document: { sha256: r.documentSha256 },
    signed_at: r.signedAt,
    events: r.events,
    chain: r.chain,
    timestamp: {
      status: r.timestamp.status,
      time: r.timestamp.time,
      serial: r.timestamp.serial,
      provider: r.timestamp.provider,
      provider_name: r.timestamp.providerName,
      legally_valid: r.timestamp.legallyValid,
      error: r.timestamp.error,
      delay_seconds: r.timestamp.delaySeconds,
    },
    verify_url: r.verifyUrl,
    generated_at: r.generatedAt,
  };
}
