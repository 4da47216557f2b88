// Step "receipt" of the completion pipeline (issue #51, decisions §18): a withdrawn consent's sealed
// "Geri Çekme Tutanağı", rendered, sealed (PAdES, time-stamped like every document of the service) and
// stored once, beside the original, which is never touched: verifiers keep matching it. Claimed like
// the document step (a token and a lease), recorded with its own evidence record (geri_alma_tutanagi,
// data.sha256) in the same transaction; a failure (it cannot be rendered, or not sealed) is tried
// again on the retry schedule. A receipt is stored only sealed: it is a record to file. It embeds, as
// the document does, kanit.json — the evidence through the withdrawal (geri_alindi), that record's
// inclusion proof and the trust statement — so that the one verifier (decisions §24) judges it by the
// same rules: `npx e-onam-verify`, POST /v1/verify and /dogrula (which match it by its digest).
import { transaction } from "@/lib/db";
import { actorNames } from "@/lib/db/actors";
import { claimReceipt, receiptRow, recordReceipt, recordReceiptFailure, type ReceiptRow } from "@/lib/db/completion";
import { now } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { decrypt } from "@/lib/encryption";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import { fileStorage } from "@/lib/storage/file-storage";
import { decryptField } from "@/lib/consents/encrypted-fields";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import { getDocumentBranding } from "@/lib/branding/get-document-branding";
import { produceSealedPdf } from "@/lib/sealing/produce-sealed-pdf";
import { recordCertificates } from "@/lib/verifier/record-trusted-certificates";
import { WITHDRAWAL_RECEIPT_KIND } from "@/lib/documents/withdrawal-receipt-document";
import type { WithdrawalReceiptData } from "@/lib/documents/document-types";
import { runClaimedStep } from "@/lib/completion/retry-schedule";
import { recordLogProof } from "@/lib/transparency/record-log-proof";
import { trustStatementForSealing } from "@/lib/verifier/sign-trust-statement";

/** True when this call stored the receipt. */
export function produceWithdrawalReceipt(consentId: string): Promise<boolean> {
  return runClaimedStep(consentId, { step: "receipt", claim: claimReceipt, produce: produceClaimed, recordFailure: recordReceiptFailure, failed: "withdrawal receipt not produced; tried again later" });
}

/** Who withdrew, in words, from the geri_alindi record's actor (decisions §6). */
async function withdrawnBy(c: ReceiptRow, actor: string | undefined): Promise<string> {
  if (!actor || actor === "signer") return "Kişinin kendisi, imza bağlantısı üzerinden (SMS koduyla doğrulanarak)";
  const [kind, id] = actor.split(":", 2);
  if ((kind === "panel" || kind === "api") && id) {
    const [named] = await actorNames(c.tenantId, kind === "panel" ? [id] : [], kind === "api" ? [id] : []);
    if (kind === "panel") return `Kurum görevlisi: ${named?.name ?? id} (${c.tenantName})`;
    return `${c.tenantName} — API anahtarı: ${named?.name ?? id}`;
  }
  return actor;
}

async function receiptData(consentId: string, c: ReceiptRow): Promise<WithdrawalReceiptData | null> {
  if (c.status !== "withdrawn" || !c.documentSha256 || !c.signedAt || !c.withdrawnAt || !c.patientName) return null;
  const tz = env().APP_TIMEZONE;
  const { records } = await loadEvidence(consentId);
  const withdrawal = records.findLast((r) => r.event === "geri_alindi");
  const approverName = c.approverName ? decrypt(c.approverName) : null;
  const relation = decryptField(c.approverRelation);
  return {
    consentId,
    institution: c.tenantName,
    templateTitle: c.title,
    templateCode: c.templateCode,
    templateVersion: c.templateVersion,
    patientName: decrypt(c.patientName),
    approver: c.approverType !== "hasta" && approverName ? (relation ? `${approverName} (${relation})` : approverName) : null,
    signedAt: formatDateTime(c.signedAt, tz),
    withdrawnAt: formatDateTime(c.withdrawnAt, tz),
    withdrawnBy: await withdrawnBy(c, withdrawal?.actor),
    reason: decryptField(c.withdrawReason),
    documentSha256: c.documentSha256,
    verifyUrl: verifyUrl(consentId),
    branding: await getDocumentBranding(c.tenantId),
    documentControl: { code: c.documentCode, publishedAt: formatDateTime(c.publishedAt, tz), revision: c.templateVersion },
  };
}

/** kanit.json of the receipt: the records through the (last) withdrawal, proved in the log, and the trust statement. */
async function evidenceThroughWithdrawal(consentId: string): Promise<string> {
  const { records } = await loadEvidence(consentId);
  const events = records.slice(0, records.findLastIndex((r) => r.event === "geri_alindi") + 1);
  const last = events.at(-1);
  if (!last) throw new Error("the withdrawal is not in the evidence");
  const [log, trust] = await Promise.all([recordLogProof(last.hash), trustStatementForSealing()]);
  return JSON.stringify({ consent_id: consentId, status_url: verifyUrl(consentId), events, log, trust }, null, 2);
}

async function produceClaimed(consentId: string, token: string): Promise<boolean> {
  const c = await receiptRow(consentId);
  const data = c ? await receiptData(consentId, c) : null;
  if (!c || !data) throw new Error("the withdrawal or the original document is not on record");
  const produced = await produceSealedPdf(
    { kind: "withdrawal", data, options: { timeZone: env().APP_TIMEZONE } },
    {
      title: `${WITHDRAWAL_RECEIPT_KIND} — ${data.templateTitle}`,
      author: data.institution,
      createdAt: c.withdrawnAt!,
      attachment: { name: "kanit.json", description: "Kanıt kayıtları (geri çekmeye kadar)", json: await evidenceThroughWithdrawal(consentId) },
    },
    "Geri çekme tutanağı",
  );
  if (!produced.level) throw new Error(produced.error ?? "the receipt could not be sealed");
  await recordCertificates(produced.certificates);
  const sha256 = sha256Hex(produced.pdf);
  // Named by its digest, like the document: a holder whose claim lapsed never overwrites the one on record.
  const key = `consents/${consentId}/withdrawal-receipt-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, produced.pdf, { tenantId: c.tenantId, consentId, contentType: "application/pdf", sha256 });
  const at = now();
  const stored = await transaction(async (tx) => {
    if ((await recordReceipt(tx, consentId, token, { receiptSha256: sha256, receiptKey: key, receiptAt: at })) === 0) return false;
    await appendEvent(tx, consentId, "geri_alma_tutanagi", SYSTEM_ORIGIN, at, { sha256 });
    return true;
  });
  if (!stored) {
    await fileStorage().delete(key);
    return false;
  }
  logger().info({ consentId, bytes: produced.pdf.length, seal: produced.level }, "withdrawal receipt produced");
  return stored;
}
