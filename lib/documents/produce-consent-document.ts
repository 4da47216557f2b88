// Produces a signed consent's PDF once, sealed (decisions §14), and stores it; document.sha256 is the
// digest of exactly the stored bytes. Safe to call repeatedly and concurrently: the first stored
// document wins.
import { decryptFieldBytes, decryptField } from "@/lib/consents/encrypted-fields";
import { Prisma } from "@prisma/client";
import { db, sqlTransaction } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto";
import { decrypt } from "@/lib/encryption";
import { logger } from "@/lib/log";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { formatDateTime } from "@/lib/time";
import { appendEvent } from "@/lib/evidence/append-event";
import { SYSTEM_ORIGIN } from "@/lib/evidence/event-names";
import { fileStorage } from "@/lib/storage/file-storage";
import { announceCompletion } from "@/lib/consents/announce-completion";
import { loadEvidence } from "@/lib/evidence/load-evidence";
import { isLanguage } from "@/lib/i18n/languages";
import { textIn } from "@/lib/templates/translations";
import { produceSealedPdf, type ProducedPdf } from "@/lib/sealing/produce-sealed-pdf";
import type { ConsentDocumentData } from "@/lib/documents/document-types";
import { verifyUrl } from "@/lib/consents/serialize-consent";
import { attemptTimestamp } from "@/lib/timestamping/attempt-timestamp";
import { announceDeliveries } from "@/lib/jobs/announce";
import { documentRow, updateConsent } from "@/lib/db/hot-queries";

/** Waits before each new attempt to seal a document stored unsealed, or to render one that failed; the last one repeats. */
const RETRY_SCHEDULE = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
const SEAL_LEASE_MS = 2 * 60_000;
const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
const retryAt = (attempts: number, at: Date) => new Date(at.getTime() + RETRY_SCHEDULE[Math.min(attempts - 1, RETRY_SCHEDULE.length - 1)]!);

interface DocumentInput {
  tenantId: string;
  documentSha256: string | null;
  signedAt: Date;
  data: ConsentDocumentData;
}

async function documentData(consentId: string): Promise<DocumentInput | null> {
  const c = await documentRow(consentId);
  // A consent withdrawn before its document existed still gets it: the signature happened (§18).
  if (!c || (c.status !== "completed" && c.status !== "withdrawn") || !c.signedAt || !c.signatureImage || !c.renderedHtml || !c.patientName) {
    return null;
  }
  const language = isLanguage(c.language) ? c.language : "tr";
  return {
    tenantId: c.tenantId,
    documentSha256: c.documentSha256,
    signedAt: c.signedAt,
    data: {
      consentId,
      institution: c.tenant.name,
      // decisions §17: the title in the language of the text
      templateTitle: textIn(language, c.templateVer)?.title ?? c.templateVer.title,
      templateVersion: c.templateVersion,
      contentSha256: c.contentSha256,
      renderedHtml: decrypt(c.renderedHtml),
      patientName: decrypt(c.patientName),
      tcMasked: c.tcMasked,
      phoneMasked: c.phoneMasked ?? "",
      approver: {
        type: c.approverType as ConsentDocumentData["approver"]["type"],
        name: c.approverName ? decrypt(c.approverName) : null,
        relation: decryptField(c.approverRelation),
      },
      physician: decryptField(c.physician),
      procedure: decryptField(c.procedure),
      animal: c.animalName || c.animalSpecies ? { name: decryptField(c.animalName), species: decryptField(c.animalSpecies) } : null,
      signedAt: formatDateTime(c.signedAt, env().APP_TIMEZONE),
      signerIp: c.signerIp ?? "",
      signerUserAgent: c.signerUserAgent ?? "",
      otpPhoneMasked: c.phoneMasked ?? "",
      signaturePng: decryptFieldBytes(c.signatureImage),
      verifyUrl: verifyUrl(consentId),
      language,
      interpreter: c.interpreterName && c.interpreterSignature ? { name: decrypt(c.interpreterName), signaturePng: decryptFieldBytes(c.interpreterSignature) } : null,
    },
  };
}

/** The evidence up to the signature, embedded in the document as kanit.json (decisions §14). */
async function evidenceUpToSignature(consentId: string): Promise<string> {
  const { records } = await loadEvidence(consentId);
  const signed = records.findIndex((r) => r.event === "imzalandi");
  return JSON.stringify({ consent_id: consentId, events: records.slice(0, signed + 1) }, null, 2);
}

async function renderSealed(input: DocumentInput) {
  const { data, signedAt } = input;
  return produceSealedPdf(
    { kind: "consent", data, options: { timeZone: env().APP_TIMEZONE } },
    {
      title: data.templateTitle,
      author: data.institution,
      createdAt: signedAt,
      attachment: { name: "kanit.json", description: "Kanıt kayıtları (imzaya kadar)", json: await evidenceUpToSignature(data.consentId) },
    },
    "Aydınlatılmış onam belgesi",
  );
}

async function store(input: DocumentInput, pdf: Buffer): Promise<{ key: string; sha256: string }> {
  const sha256 = sha256Hex(pdf);
  const key = `consents/${input.data.consentId}/document-${sha256.slice(0, 16)}.pdf`;
  await fileStorage().put(key, pdf, { tenantId: input.tenantId, consentId: input.data.consentId, contentType: "application/pdf", sha256 });
  return { key, sha256 };
}

function sealFields(produced: ProducedPdf, attempts: number, at: Date) {
  return {
    sealLevel: produced.level,
    sealSigner: produced.signer,
    sealError: produced.error ?? "",
    sealAttempts: attempts,
    sealNextAttemptAt: produced.level ? null : retryAt(attempts, at),
  };
}

export async function produceConsentDocument(consentId: string): Promise<void> {
  const input = await documentData(consentId);
  if (!input || input.documentSha256) return;
  const produced = await renderSealed(input);
  const { key, sha256 } = await store(input, produced.pdf);
  const at = now();
  const timestamping = env().TSA_DRIVER !== "none";
  const won = await sqlTransaction(async (tx) => {
    const count = await updateConsent(
      tx,
      consentId,
      {
        documentSha256: sha256,
        documentKey: key,
        documentAt: at,
        tsStatus: timestamping ? "queued" : "none",
        tsNextAttemptAt: timestamping ? at : null,
        ...sealFields(produced, produced.level ? 0 : 1, at),
      },
      Prisma.sql`document_sha256 IS NULL`,
    );
    if (count === 0) return false;
    await appendEvent(tx, consentId, "belge_olusturuldu", SYSTEM_ORIGIN, at, { sha256 });
    if (produced.error) await appendEvent(tx, consentId, "muhur_basarisiz", SYSTEM_ORIGIN, at, { error: produced.error, attempt: 1 });
    // Without timestamping the outcome is final now; otherwise the timestamp cycle announces it.
    if (!timestamping) await announceCompletion(tx, input.tenantId, consentId, at);
    return true;
  });
  if (!won) {
    const winner = await db().consent.findUnique({ where: { id: consentId }, select: { documentKey: true } });
    if (winner?.documentKey !== key) await fileStorage().delete(key);
    return;
  }
  logger().info({ consentId, bytes: produced.pdf.length, seal: produced.level }, "document produced");
  if (!timestamping) await announceDeliveries(input.tenantId);
  // The first timestamp attempt starts now, off the signer's request; the runner retries.
  if (timestamping) {
    attemptTimestamp(consentId).catch((err: unknown) => logger().error({ err, consentId }, "timestamp attempt failed"));
  }
}

/**
 * A document stored unsealed (muhur_basarisiz) sealed again: the sealed file replaces it, its digest
 * becomes document.sha256 (belge_muhurlendi records both), and the detached timestamp is taken again
 * over the new digest, so that what verify and tsr_url say always concerns the file served. The
 * earlier digest is kept as superseded_sha256: a copy of the unsealed file still verifies.
 */
export async function sealUnsealedDocument(consentId: string): Promise<boolean> {
  const at = now();
  const claimed = await db().consent.updateMany({
    where: { id: consentId, sealLevel: null, sealNextAttemptAt: { lte: at }, documentSha256: { not: null }, purgedAt: null },
    data: { sealNextAttemptAt: new Date(at.getTime() + SEAL_LEASE_MS) },
  });
  if (claimed.count === 0) return false;
  const input = await documentData(consentId);
  const row = await db().consent.findUniqueOrThrow({ where: { id: consentId }, select: { documentSha256: true, documentKey: true, sealAttempts: true } });
  if (!input || !row.documentSha256) return false;
  const produced = await renderSealed(input);
  const attempts = row.sealAttempts + 1;
  const done = now();
  if (!produced.level) {
    await db().$transaction(async (tx) => {
      await tx.consent.update({ where: { id: consentId }, data: sealFields(produced, attempts, done) });
      await appendEvent(tx, consentId, "muhur_basarisiz", SYSTEM_ORIGIN, done, { error: produced.error, attempt: attempts });
    });
    return false;
  }
  const { key, sha256 } = await store(input, produced.pdf);
  const timestamping = env().TSA_DRIVER !== "none";
  const replaced = await db().$transaction(async (tx) => {
    const { count } = await tx.consent.updateMany({
      where: { id: consentId, documentSha256: row.documentSha256, sealLevel: null },
      data: {
        documentSha256: sha256,
        documentKey: key,
        supersededSha256: row.documentSha256,
        ...sealFields(produced, attempts, done),
        ...(timestamping ? { tsStatus: "queued", tsNextAttemptAt: done, tsAttempts: 0, tsError: "", tsToken: null, tsTime: null, tsSerial: null } : {}),
      },
    });
    if (count === 0) return false;
    await appendEvent(tx, consentId, "belge_muhurlendi", SYSTEM_ORIGIN, done, { sha256, previous_sha256: row.documentSha256, seal: produced.level });
    return true;
  });
  if (!replaced) {
    await fileStorage().delete(key);
    return false;
  }
  if (row.documentKey) await fileStorage().delete(row.documentKey);
  logger().info({ consentId, seal: produced.level }, "document sealed after an earlier failure");
  if (timestamping) attemptTimestamp(consentId).catch((err: unknown) => logger().error({ err, consentId }, "timestamp attempt failed"));
  return true;
}

/** The runner's job: unsealed documents whose next attempt is due. */
export async function sealDueDocuments(batch = 10): Promise<number> {
  const due = await db().consent.findMany({
    where: { sealLevel: null, sealNextAttemptAt: { lte: now() }, documentSha256: { not: null }, purgedAt: null },
    select: { id: true },
    orderBy: { sealNextAttemptAt: "asc" },
    take: batch,
  });
  for (const c of due) {
    try {
      await sealUnsealedDocument(c.id);
    } catch (err) {
      // Its claim holds it back for SEAL_LEASE_MS; the others are still sealed.
      if (isDatabaseUnavailable(err)) throw err;
      logger().error({ consentId: c.id, err: errorMessage(err) }, "document not sealed again; tried again later");
    }
  }
  return due.length;
}

/**
 * Crash recovery: signed consents whose document was never stored. One whose document fails (it
 * cannot be rendered, its data cannot be read) is tried again on RETRY_SCHEDULE and never holds back
 * the others; the database or the storage not answering stops the run (the runner backs off), as
 * it concerns every consent alike.
 */
export async function produceMissingDocuments(batch = 20): Promise<number> {
  const at = now();
  const rows = await db().consent.findMany({
    where: {
      status: { in: ["completed", "withdrawn"] },
      documentSha256: null,
      signedAt: { lt: new Date(at.getTime() - 30_000) },
      OR: [{ documentNextAttemptAt: null }, { documentNextAttemptAt: { lte: at } }],
    },
    select: { id: true, documentAttempts: true },
    orderBy: { signedAt: "asc" },
    take: batch,
  });
  for (const r of rows) {
    try {
      await produceConsentDocument(r.id);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      const attempts = r.documentAttempts + 1;
      const next = retryAt(attempts, now());
      await db().consent.update({ where: { id: r.id }, data: { documentAttempts: attempts, documentNextAttemptAt: next } });
      logger().error({ consentId: r.id, attempts, next: next.toISOString(), err: errorMessage(err) }, "document not produced; tried again later");
    }
  }
  return rows.length;
}
