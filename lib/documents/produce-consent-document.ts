// Produces a signed consent's PDF once and stores it; document.sha256 is the digest of exactly the
// stored bytes. Safe to call repeatedly and concurrently: the first stored document wins.
import { openBytes, openText } from "@/lib/consents/sealed-fields";
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { decrypt } from "@/lib/encryption";
import { logger } from "@/lib/log";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { announceCompletion } from "@/lib/consents/announce-completion";
import { renderDocument } from "@/lib/documents/render-document";
import type { ConsentDocumentData } from "@/lib/documents/document-types";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import { attemptTimestamp } from "@/lib/timestamping/attempt-timestamp";
import { announceDeliveries } from "@/lib/jobs/announce";

async function documentData(consentId: string): Promise<{ tenantId: string; data: ConsentDocumentData } | null> {
  const c = await db().consent.findUnique({
    where: { id: consentId },
    select: {
      tenantId: true,
      status: true,
      documentSha256: true,
      renderedHtml: true,
      contentSha256: true,
      templateVersion: true,
      patientName: true,
      tcMasked: true,
      phoneMasked: true,
      approverType: true,
      approverName: true,
      approverRelation: true,
      physician: true,
      procedure: true,
      animalName: true,
      animalSpecies: true,
      signedAt: true,
      signerIp: true,
      signerUserAgent: true,
      signatureImage: true,
      tenant: { select: { name: true } },
      templateVer: { select: { title: true } },
    },
  });
  // A consent withdrawn before its document existed still gets it: the signature happened (§18).
  if (!c || (c.status !== "completed" && c.status !== "withdrawn") || c.documentSha256 || !c.signedAt || !c.signatureImage || !c.renderedHtml || !c.patientName) {
    return null;
  }
  return {
    tenantId: c.tenantId,
    data: {
      consentId,
      institution: c.tenant.name,
      templateTitle: c.templateVer.title,
      templateVersion: c.templateVersion,
      contentSha256: c.contentSha256,
      renderedHtml: decrypt(c.renderedHtml),
      patientName: decrypt(c.patientName),
      tcMasked: c.tcMasked,
      phoneMasked: c.phoneMasked ?? "",
      approver: {
        type: c.approverType as ConsentDocumentData["approver"]["type"],
        name: c.approverName ? decrypt(c.approverName) : null,
        relation: openText(c.approverRelation),
      },
      physician: openText(c.physician),
      procedure: openText(c.procedure),
      animal: c.animalName || c.animalSpecies ? { name: openText(c.animalName), species: openText(c.animalSpecies) } : null,
      signedAt: formatDateTime(c.signedAt, env().APP_TIMEZONE),
      signerIp: c.signerIp ?? "",
      signerUserAgent: c.signerUserAgent ?? "",
      otpPhoneMasked: c.phoneMasked ?? "",
      signaturePng: openBytes(c.signatureImage),
      verifyUrl: verifyUrl(consentId),
    },
  };
}

export async function produceConsentDocument(consentId: string): Promise<void> {
  const input = await documentData(consentId);
  if (!input) return;
  const pdf = await renderDocument({ kind: "consent", data: input.data, options: { timeZone: env().APP_TIMEZONE } });
  const sha256 = sha256Hex(pdf);
  const key = `consents/${consentId}/document-${sha256.slice(0, 16)}.pdf`;
  const storage = fileStorage();
  await storage.put(key, pdf, { tenantId: input.tenantId, consentId, contentType: "application/pdf", sha256 });
  const at = now();
  const timestamping = env().TSA_DRIVER !== "none";
  const won = await db().$transaction(async (tx) => {
    const { count } = await tx.consent.updateMany({
      where: { id: consentId, documentSha256: null },
      data: { documentSha256: sha256, documentKey: key, documentAt: at, tsStatus: timestamping ? "queued" : "none", tsNextAttemptAt: timestamping ? at : null },
    });
    if (count === 0) return false;
    await appendEvent(tx, consentId, "belge_olusturuldu", SYSTEM_ORIGIN, at, { sha256 });
    // Without timestamping the outcome is final now; otherwise the timestamp cycle announces it.
    if (!timestamping) await announceCompletion(tx, input.tenantId, consentId, at);
    return true;
  });
  if (!won) {
    const winner = await db().consent.findUnique({ where: { id: consentId }, select: { documentKey: true } });
    if (winner?.documentKey !== key) await storage.delete(key);
    return;
  }
  logger().info({ consentId, bytes: pdf.length }, "document produced");
  if (!timestamping) await announceDeliveries(input.tenantId);
  // The first timestamp attempt starts now, off the signer's request; the runner retries.
  if (timestamping) {
    attemptTimestamp(consentId).catch((err: unknown) => logger().error({ err, consentId }, "timestamp attempt failed"));
  }
}

/** Crash recovery: completed consents whose document was never stored. */
export async function produceMissingDocuments(batch = 20): Promise<number> {
  const stale = new Date(now().getTime() - 30_000);
  const rows = await db().consent.findMany({
    where: { status: { in: ["completed", "withdrawn"] }, documentSha256: null, signedAt: { lt: stale } },
    select: { id: true },
    take: batch,
  });
  for (const r of rows) await produceConsentDocument(r.id);
  return rows.length;
}
